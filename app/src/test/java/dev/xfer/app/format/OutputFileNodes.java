package dev.xfer.app.format;

import org.junit.jupiter.api.Assertions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/** Special files for the output tests: character devices made with mknod, and what a path is. */
public final class OutputFileNodes {
    private OutputFileNodes() {
    }

    /**
     * A character device 1,3 (what /dev/null is) at {@code path}, made with mknod(1). Only root
     * may: CI runs as root, so there a failure fails the test; elsewhere it returns null and the
     * caller skips that case.
     */
    public static Path devNull(Path path) throws IOException, InterruptedException {
        Process mknod = new ProcessBuilder("mknod", path.toString(), "c", "1", "3").redirectErrorStream(true).start();
        String said = new String(mknod.getInputStream().readAllBytes());
        if (mknod.waitFor() != 0) {
            Assertions.assertFalse("true".equals(System.getenv("CI")),
                    "CI runs as root and must make a character device with mknod: " + said);
            System.err.println("skipping the character device case: mknod failed (not root?): " + said.strip());
            return null;
        }
        Assertions.assertEquals("character device", type(path));
        return path;
    }

    /** The path's own type, links not followed: {@code regular file}, {@code fifo}, ... */
    public static String type(Path path) throws IOException {
        int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        return switch (mode & 0170000) {
            case 0100000 -> "regular file";
            case 0120000 -> "symbolic link";
            case 0010000 -> "fifo";
            case 0020000 -> "character device";
            case 0040000 -> "folder";
            default -> "other " + Integer.toOctalString(mode);
        };
    }
}
