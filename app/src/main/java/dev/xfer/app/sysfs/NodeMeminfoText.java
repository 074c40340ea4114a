package dev.xfer.app.sysfs;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads fields of a sysfs {@code nodeN/meminfo} file, lines like {@code Node 0 MemTotal:  131072 kB}. */
final class NodeMeminfoText {
    private static final Pattern LINE = Pattern.compile("Node\\s+(\\d{1,9})\\s+(\\w+):\\s+(\\d{1,19})\\s+kB");
    // The kernel's "kB" is 1024 bytes, as in /proc/meminfo.
    private static final long BYTES_PER_KB = 1024;

    private NodeMeminfoText() {
    }

    /**
     * The named field of node {@code nodeId} in bytes, or empty when no well-formed line gives it.
     * Lines naming another node are ignored: they mean the file is not what it claims to be.
     */
    static OptionalLong bytes(String meminfo, int nodeId, String field) {
        for (String line : meminfo.lines().toList()) {
            Matcher matcher = LINE.matcher(line.strip());
            if (matcher.matches() && Integer.parseInt(matcher.group(1)) == nodeId && matcher.group(2).equals(field)) {
                return kilobytesToBytes(matcher.group(3));
            }
        }
        return OptionalLong.empty();
    }

    private static OptionalLong kilobytesToBytes(String kilobytes) {
        try {
            return OptionalLong.of(Math.multiplyExact(Long.parseLong(kilobytes), BYTES_PER_KB));
        } catch (NumberFormatException | ArithmeticException e) {
            return OptionalLong.empty();
        }
    }
}
