package dev.xfer.app.format;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Writes a file so that readers see either the old content or the complete new content, never a
 * partial file, even if the process dies midway.
 *
 * <p>The content goes to a hidden temporary file next to the target ({@code .NAME.RANDOM.tmp}),
 * is forced to disk, then renamed over the target atomically. On any failure the temporary file
 * is deleted and the target is left as it was. Text is written as UTF-8; a lone surrogate, which
 * UTF-8 cannot hold, becomes {@code ?}. A file it replaces keeps its permission bits and, where
 * this process may set them, its owner and group: a report made private with {@code chmod 600} or
 * shared with a group stays so, as it would when a program writes over it in place. A new file
 * gets the default permissions for new files (the umask applies).
 */
public final class AtomicFileWriter {

    /** Writes a file's content. */
    @FunctionalInterface
    public interface Content {
        /** Writes the content to {@code writer}; need not flush or close it. */
        void writeTo(Writer writer) throws IOException;
    }

    private static final int MAX_NAME_ATTEMPTS = 10;
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private AtomicFileWriter() {
    }

    /**
     * Replaces {@code target} with {@code content}, encoded as UTF-8.
     *
     * @throws IOException when the file cannot be written or renamed, e.g. the directory does not
     *         exist or the target is a non-empty directory
     */
    public static void write(Path target, String content) throws IOException {
        Objects.requireNonNull(content, "content");
        write(target, writer -> writer.write(content));
    }

    /**
     * Replaces {@code target} with what {@code content} writes, encoded as UTF-8. If
     * {@code content} throws, the exception propagates and no file is left behind.
     *
     * @throws IOException when {@code content} throws one, or the file cannot be written or
     *         renamed
     */
    public static void write(Path target, Content content) throws IOException {
        Objects.requireNonNull(content, "content");
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        Optional<PosixFileAttributes> replaced = existingAttributes(absolute);
        Path temporary = createTemporary(directory, absolute.getFileName().toString(), replaced.isPresent());
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE);
                 Writer writer = new BufferedWriter(new OutputStreamWriter(
                         Channels.newOutputStream(channel), StandardCharsets.UTF_8))) {
                content.writeTo(writer);
                writer.flush();
                channel.force(true);
            }
            // After writing (a read-only file's mode would refuse the writes), before the rename.
            if (replaced.isPresent()) {
                keepAttributes(temporary, replaced.get());
            }
            Files.move(temporary, absolute,
                    StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (Throwable failure) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        }
        syncDirectory(directory);
    }

    private static Optional<PosixFileAttributes> existingAttributes(Path target) {
        try {
            PosixFileAttributes attributes = Files.readAttributes(target, PosixFileAttributes.class);
            return attributes.isRegularFile() ? Optional.of(attributes) : Optional.empty();
        } catch (IOException | UnsupportedOperationException newOrNotPosix) {
            return Optional.empty();
        }
    }

    /**
     * Gives the temporary file the replaced file's group, owner and mode. The mode must be kept
     * (failing to is an error); owner and group only where allowed: only root may give a file
     * away, and a user may only choose a group they belong to (as {@code cp -p} does, the rest is
     * kept). The group is set before the mode, since changing it may clear set-group-ID bits.
     */
    private static void keepAttributes(Path file, PosixFileAttributes replaced) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        try {
            view.setGroup(replaced.group());
        } catch (IOException notAllowed) {
            // kept as the new file's: this user is not in the replaced file's group
        }
        try {
            view.setOwner(replaced.owner());
        } catch (IOException notAllowed) {
            // kept as this user: only root gives files away
        }
        view.setPermissions(replaced.permissions());
    }

    // Not Files.createTempFile: that makes the file owner-only (0600), which the rename would
    // then give to a new report; opening with CREATE_NEW applies the usual umask instead. In place
    // of an existing file it is owner-only until it gets that file's mode, so a private file's
    // content is never readable by more while it is written.
    private static Path createTemporary(Path directory, String name, boolean ownerOnly) throws IOException {
        // Room for the added 42 characters within the usual 255-byte name limit.
        int keep = Math.min(name.length(), 100);
        if (keep > 0 && Character.isHighSurrogate(name.charAt(keep - 1))) {
            keep--; // do not split a surrogate pair
        }
        String prefix = name.substring(0, keep);
        for (int attempt = 1; ; attempt++) {
            Path candidate = directory.resolve("." + prefix + "." + UUID.randomUUID() + ".tmp");
            try {
                Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                if (ownerOnly) {
                    Files.newByteChannel(candidate, options, OWNER_ONLY).close();
                } else {
                    Files.newByteChannel(candidate, options).close();
                }
                return candidate;
            } catch (FileAlreadyExistsException taken) {
                if (attempt == MAX_NAME_ATTEMPTS) {
                    throw taken;
                }
            }
        }
    }

    // The rename lives in the directory; forcing it makes the new name survive a power cut.
    // Some platforms cannot open a directory for this, and the file itself is already safe.
    private static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException notSupported) {
            // best effort only
        }
    }
}
