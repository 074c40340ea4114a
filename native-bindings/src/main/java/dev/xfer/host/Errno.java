package dev.xfer.host;

import java.util.Map;

/** Names and meanings of the errno values the placement calls return (Linux, all architectures). */
final class Errno {
    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int ESRCH = 3;
    static final int EIO = 5;
    static final int E2BIG = 7;
    static final int ENOMEM = 12;
    static final int EACCES = 13;
    static final int EFAULT = 14;
    static final int EBUSY = 16;
    static final int EXDEV = 18;
    static final int ENODEV = 19;
    static final int EINVAL = 22;
    static final int ENOSYS = 38;

    private static final Map<Integer, String[]> KNOWN = Map.ofEntries(
            Map.entry(EPERM, new String[] {"EPERM", "Operation not permitted"}),
            Map.entry(ENOENT, new String[] {"ENOENT", "No such file or directory"}),
            Map.entry(ESRCH, new String[] {"ESRCH", "No such process"}),
            Map.entry(EIO, new String[] {"EIO", "Input/output error"}),
            Map.entry(E2BIG, new String[] {"E2BIG", "Argument list too long"}),
            Map.entry(ENOMEM, new String[] {"ENOMEM", "Cannot allocate memory"}),
            Map.entry(EACCES, new String[] {"EACCES", "Permission denied"}),
            Map.entry(EFAULT, new String[] {"EFAULT", "Bad address"}),
            Map.entry(EBUSY, new String[] {"EBUSY", "Device or resource busy"}),
            Map.entry(EXDEV, new String[] {"EXDEV", "Invalid cross-device link"}),
            Map.entry(ENODEV, new String[] {"ENODEV", "No such device"}),
            Map.entry(EINVAL, new String[] {"EINVAL", "Invalid argument"}),
            Map.entry(ENOSYS, new String[] {"ENOSYS", "Function not implemented"}));

    private Errno() {
    }

    /** {@code EINVAL}, or {@code errno 123} for one not in the table. */
    static String name(int errno) {
        String[] known = KNOWN.get(errno);
        return known == null ? "errno " + errno : known[0];
    }

    /** {@code EINVAL (Invalid argument)}, or {@code errno 123} for one not in the table. */
    static String describe(int errno) {
        String[] known = KNOWN.get(errno);
        return known == null ? "errno " + errno : known[0] + " (" + known[1] + ")";
    }
}
