package dev.xfer.host;

/**
 * A libc or system call about CPU affinity or memory policy failed. The message names the call,
 * its key arguments, the errno's name and meaning, and what it usually means here, e.g.
 * {@code set_mempolicy(MPOL_BIND, nodes 7): EINVAL (Invalid argument): ...}.
 */
public final class PlacementException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;

    public PlacementException(String call, int errno, String explanation) {
        super(call + ": " + Errno.describe(errno) + (explanation.isEmpty() ? "" : ": " + explanation));
        this.call = call;
        this.errno = errno;
    }

    /** The failed call as written in the message, e.g. {@code sched_setaffinity(CPUs 4096)}. */
    public String call() {
        return call;
    }

    /** The errno the call left, e.g. 22 for EINVAL. */
    public int errno() {
        return errno;
    }
}
