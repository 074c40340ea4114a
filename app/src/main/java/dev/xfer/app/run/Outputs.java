package dev.xfer.app.run;

import dev.xfer.app.format.OutputTarget;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A command's output options, resolved and checked together before anything is read or measured:
 * each names a place that can be written ({@link OutputTarget}), no two name the same file or
 * both standard output, and none names one of the command's input documents. Writing there later
 * goes through {@link #write}, so a failure says which option and path, and why.
 */
public final class Outputs {
    private Outputs() {
    }

    /** {@code value} of {@code option} resolved; null when the option was not given. */
    public static OutputTarget resolve(String option, Path value) {
        if (value == null) {
            return null;
        }
        try {
            return OutputTarget.resolve(option, value);
        } catch (IllegalArgumentException e) {
            throw new UnusableOptionException(e.getMessage());
        }
    }

    /**
     * Exit 2 when two of {@code outputs} (nulls ignored) reach one target, or one reaches a file of
     * {@code inputs}: writing it would destroy a document this run reads, or one output the other.
     * Character devices ({@code /dev/null}) take several outputs: nothing there is replaced.
     */
    public static void requireApart(Collection<OutputTarget> outputs, Collection<Path> inputs) {
        List<OutputTarget> given = outputs.stream().filter(o -> o != null).toList();
        for (OutputTarget output : given) {
            for (Path input : inputs) {
                if (output.writes(input)) {
                    throw new UnusableOptionException(output + " is also an input document (" + input
                            + "); writing it would destroy it: name another file");
                }
            }
        }
        for (int i = 0; i < given.size(); i++) {
            for (int j = i + 1; j < given.size(); j++) {
                OutputTarget a = given.get(i);
                OutputTarget b = given.get(j);
                if (a.sameAs(b) && !a.isCharacterDevice()) {
                    throw new UnusableOptionException(a + " and " + b + " name the same "
                            + (a.isStdout() ? "standard output" : "file") + ": give each output its own");
                }
            }
        }
    }

    /**
     * Exit 2 when one of {@code outputs} (nulls ignored) writes standard output while the command
     * prints {@code report} there: the two would be mixed into one stream no reader can take apart.
     * Standard output holds one output, the command's own report unless an option sends it
     * elsewhere ({@code --output FILE}); the same rule as two outputs naming it
     * ({@link #requireApart(Collection, Collection)}).
     *
     * @param report what the command prints on stdout, in words: "the report (text, --json or --csv)"
     */
    public static void requireStdoutFree(String report, OutputTarget... outputs) {
        for (OutputTarget output : outputs) {
            if (output != null && output.isStdout()) {
                throw new UnusableOptionException(output + " writes standard output, which carries " + report
                        + ": give " + output.option() + " a file");
            }
        }
    }

    /**
     * Exit 2 when one of {@code reports} (nulls ignored), outputs that are not xfer JSON (JUnit,
     * OpenMetrics, HTML), would replace an existing xfer document: the typo
     * {@code fleet --junit node01.json node02.json} takes the first document for the report file.
     */
    public static void requireNoDocumentReplaced(OutputTarget... reports) {
        for (OutputTarget report : reports) {
            if (report != null && report.replacedFile().filter(Outputs::isXferDocument).isPresent()) {
                throw new UnusableOptionException(report + " is an xfer document; " + report.option()
                        + " would replace it: name another file (or delete it first)");
            }
        }
    }

    // xfer's documents begin {"schemaVersion": ...; a look at the first bytes is enough.
    private static boolean isXferDocument(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        byte[] head = new byte[256];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return false;
        }
        String start = new String(head, 0, n, StandardCharsets.UTF_8).stripLeading();
        return start.replaceAll("\\s", "").startsWith("{\"schemaVersion\":");
    }

    /** {@link #requireApart(Collection, Collection)} for a command that reads no documents. */
    public static void requireApart(OutputTarget... outputs) {
        List<OutputTarget> all = new ArrayList<>();
        for (OutputTarget o : outputs) {
            all.add(o);
        }
        requireApart(all, List.of());
    }

    /**
     * Prints what {@code content} writes where a command's report goes: to {@code target} (an
     * {@code --output}) as {@link #write(OutputTarget, dev.xfer.app.format.AtomicFileWriter.Content, PrintWriter)}
     * does, or to {@code stdout} when it is null.
     */
    public static void print(OutputTarget target, dev.xfer.app.format.AtomicFileWriter.Content content, PrintWriter stdout) {
        if (target != null) {
            write(target, content, stdout);
            return;
        }
        try {
            content.writeTo(stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e); // not from a PrintWriter, which keeps its errors to itself
        }
        stdout.flush();
    }

    /** Writes what {@code content} writes to {@code target} as it writes it; a failure as {@link #write(OutputTarget, String, PrintWriter)}. */
    public static void write(OutputTarget target, dev.xfer.app.format.AtomicFileWriter.Content content, PrintWriter stdout) {
        try {
            target.write(content, stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /** Writes {@code content} to {@code target}; a failure is one line naming the option and path (exit 70). */
    public static void write(OutputTarget target, String content, PrintWriter stdout) {
        try {
            target.write(content, stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
