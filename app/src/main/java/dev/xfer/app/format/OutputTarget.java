package dev.xfer.app.format;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;

/**
 * Where one output option writes, decided once from the value the user gave, before anything is
 * read or measured:
 * <ul>
 *   <li>{@code -}, or a path that is this process's standard output ({@code /dev/stdout}, a link
 *       to {@code /proc/self/fd/1}) when that is a pipe or a file: the results' own stdout, so a
 *       closed pipe stops the run as it does for results printed there;</li>
 *   <li>a regular file or a new path: replaced atomically ({@link AtomicFileWriter}); through a
 *       symbolic link, the file the link leads to is replaced in its own folder and the link
 *       stays a link;</li>
 *   <li>anything else (a character device such as {@code /dev/null}, a FIFO, a socket), and
 *       this process's stderr even when it is a file: written through in place, never replaced:
 *       renaming a file over {@code /dev/null} would destroy it.</li>
 * </ul>
 * Failures name the option and the path as the user gave them, and why.
 */
public final class OutputTarget {
    /** How the bytes reach the target. */
    public enum Kind { STDOUT, REPLACE, WRITE_THROUGH }

    private static final Path OWN_STDOUT = Path.of("/proc/self/fd/1");
    private static final Path OWN_STDERR = Path.of("/proc/self/fd/2");
    private static final int MAX_LINKS = 40;
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;

    private final String option;
    private final Path given;
    private final Kind kind;
    private final Path file;
    private final Optional<Object> fileKey;

    private OutputTarget(String option, Path given, Kind kind, Path file, Optional<Object> fileKey) {
        this.option = option;
        this.given = given;
        this.kind = kind;
        this.file = file;
        this.fileKey = fileKey;
    }

    /**
     * Resolves {@code given}, the value of {@code option}.
     *
     * @throws IllegalArgumentException naming the option and path, when nothing can be written
     *         there: a folder, a folder that does not exist, a link loop
     */
    public static OutputTarget resolve(String option, Path given) {
        Objects.requireNonNull(option, "option");
        Objects.requireNonNull(given, "given");
        if (given.toString().equals("-")) {
            return new OutputTarget(option, given, Kind.STDOUT, null, Optional.empty());
        }
        if (given.toString().isEmpty()) {
            throw new IllegalArgumentException(option + " '': an empty path names no file");
        }
        BasicFileAttributes attributes = attributes(given).orElse(null);
        if (attributes == null) {
            // A new path, or a link to one: the file is created where the last link points.
            Path target = lastLinkTarget(option, given);
            Path folder = target.toAbsolutePath().getParent();
            if (folder == null || !Files.isDirectory(folder)) {
                throw new IllegalArgumentException(option + " " + given + ": the folder " + folder + " does not exist");
            }
            return new OutputTarget(option, given, Kind.REPLACE, target.toAbsolutePath().normalize(), Optional.empty());
        }
        Optional<Object> key = Optional.ofNullable(attributes.fileKey());
        if (fileType(given) == S_IFCHR) {
            // Also when stdout is this device (a terminal, > /dev/null): a device takes any number
            // of writers, and a closed pipe is not a device's failure.
            return new OutputTarget(option, given, Kind.WRITE_THROUGH, given, key);
        }
        if (key.isPresent() && key.equals(attributes(OWN_STDOUT).map(BasicFileAttributes::fileKey))) {
            return new OutputTarget(option, given, Kind.STDOUT, null, key);
        }
        if (key.isPresent() && key.equals(attributes(OWN_STDERR).map(BasicFileAttributes::fileKey))) {
            // A log file that is also stderr: replacing it would cut this process off its own
            // stderr; appending keeps what is there, whatever offset the shell opened it at.
            return new OutputTarget(option, given, Kind.WRITE_THROUGH, given, key);
        }
        if (attributes.isDirectory()) {
            throw new IllegalArgumentException(option + " " + given + " is a folder; name a file in it");
        }
        if (attributes.isRegularFile()) {
            try {
                return new OutputTarget(option, given, Kind.REPLACE, given.toRealPath(), key);
            } catch (IOException e) {
                throw new IllegalArgumentException(option + " " + given + ": " + reason(e));
            }
        }
        return new OutputTarget(option, given, Kind.WRITE_THROUGH, given, key);
    }

    /** The option that named this target: {@code --junit}. */
    public String option() {
        return option;
    }

    /** The path as the user gave it. */
    public Path given() {
        return given;
    }

    public Kind kind() {
        return kind;
    }

    /** The file an atomic write replaces (links followed), for {@link Kind#REPLACE}. */
    public Optional<Path> replacedFile() {
        return kind == Kind.REPLACE ? Optional.of(file) : Optional.empty();
    }

    /** Whether this is the results' standard output. */
    public boolean isStdout() {
        return kind == Kind.STDOUT;
    }

    /**
     * Whether {@code other} reaches the same file, device or stream as this one: the same
     * standard output, the same file (by device and inode, links followed), or the same new path.
     */
    public boolean sameAs(OutputTarget other) {
        if (isStdout() || other.isStdout()) {
            return isStdout() && other.isStdout();
        }
        if (fileKey.isPresent() && other.fileKey.isPresent()) {
            return fileKey.equals(other.fileKey);
        }
        return file != null && file.equals(other.file);
    }

    /** Whether writing here would change the existing file {@code input} (links followed). */
    public boolean writes(Path input) {
        if (isStdout()) {
            return false;
        }
        Optional<Object> inputKey = attributes(input).map(BasicFileAttributes::fileKey);
        if (inputKey.isPresent() && fileKey.isPresent()) {
            return inputKey.equals(fileKey);
        }
        return file != null && file.equals(input.toAbsolutePath().normalize());
    }

    /** Whether a second output to this target would only interleave, harmlessly: a character device. */
    public boolean isCharacterDevice() {
        return kind == Kind.WRITE_THROUGH && fileType(given) == S_IFCHR;
    }

    /**
     * Writes {@code content}: to {@code stdout}, atomically in place of the file, or through to the
     * device or FIFO, as resolved.
     *
     * @throws IOException with a message naming the option, the path given and why
     */
    public void write(String content, PrintWriter stdout) throws IOException {
        Objects.requireNonNull(content, "content");
        write(writer -> writer.write(content), stdout);
    }

    /**
     * Writes what {@code content} writes, as it writes it: a report too large to hold as one
     * string streams to its file (still atomically: the temporary file grows, then is renamed).
     *
     * @throws IOException with a message naming the option, the path given and why
     */
    public void write(AtomicFileWriter.Content content, PrintWriter stdout) throws IOException {
        Objects.requireNonNull(content, "content");
        try {
            switch (kind) {
                case STDOUT -> {
                    StandardStream.carriesDocument(stdout);
                    content.writeTo(stdout);
                    stdout.flush();
                }
                case REPLACE -> AtomicFileWriter.write(file, content);
                case WRITE_THROUGH -> {
                    // No CREATE (it exists), no TRUNCATE (a device or a FIFO has no length); APPEND
                    // for the one regular file written through, stderr's.
                    try (OutputStream out = Files.newOutputStream(given, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                         Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))) {
                        content.writeTo(writer);
                    }
                }
            }
        } catch (IOException e) {
            throw new IOException("cannot write " + option + " " + given + ": " + reason(e), e);
        }
    }

    @Override
    public String toString() {
        return option + " " + given;
    }

    /**
     * Why an I/O call failed, in words: the NIO exceptions carry the file in their message and
     * the reason apart (none at all for "permission denied"); a temporary file's name means
     * nothing to the user, who named another path.
     */
    static String reason(IOException e) {
        String reason = IoReason.of(e);
        return e instanceof FileSystemException f && !(reason.equals(e.getMessage())) ? reason + where(f.getFile()) : reason;
    }

    // Only the folder: the file it names may be a temporary one.
    private static String where(String file) {
        if (file == null) {
            return "";
        }
        Path parent = Path.of(file).toAbsolutePath().getParent();
        return parent == null ? "" : " (in " + parent + ")";
    }

    private static Optional<BasicFileAttributes> attributes(Path path) {
        try {
            return Optional.of(Files.readAttributes(path, BasicFileAttributes.class));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    // The file type bits of st_mode (links followed); -1 when unknown.
    private static int fileType(Path path) {
        try {
            return Files.getAttribute(path, "unix:mode") instanceof Integer mode ? mode & S_IFMT : -1;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    // A link to a path that does not exist yet: follow it link by link to where the file will be.
    private static Path lastLinkTarget(String option, Path given) {
        Path at = given;
        for (int i = 0; i < MAX_LINKS && Files.isSymbolicLink(at); i++) {
            try {
                Path next = Files.readSymbolicLink(at);
                Path parent = at.toAbsolutePath().getParent();
                at = parent == null ? next : parent.resolve(next);
            } catch (IOException e) {
                throw new IllegalArgumentException(option + " " + given + ": " + reason(e));
            }
        }
        if (Files.isSymbolicLink(at)) {
            throw new IllegalArgumentException(option + " " + given + ": too many levels of symbolic links");
        }
        if (Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
            // Exists but cannot be followed (e.g. a link into /proc of a closed descriptor).
            throw new IllegalArgumentException(option + " " + given + ": cannot be opened");
        }
        return at;
    }
}
