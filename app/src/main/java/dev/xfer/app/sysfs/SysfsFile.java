package dev.xfer.app.sysfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Reads one sysfs attribute, turning every way it can be absent into an empty result. */
public final class SysfsFile {
    /** Where Linux mounts sysfs. */
    static final Path DEFAULT_ROOT = Path.of("/sys");

    private SysfsFile() {
    }

    /**
     * The attribute's text without surrounding whitespace (sysfs ends values with a newline), or
     * empty when the file is missing, unreadable or not valid ASCII.
     */
    public static Optional<String> read(Path file) {
        try {
            // Strict ASCII decoding: sysfs attributes we read are ASCII, so anything else is garbage.
            return Optional.of(Files.readString(file, StandardCharsets.US_ASCII).strip());
        } catch (IOException | SecurityException e) {
            // Absent attributes are normal (older kernels, containers, VMs); callers treat them as unknown.
            return Optional.empty();
        }
    }
}
