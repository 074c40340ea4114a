package dev.xfer.app.documents;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.smoke.SmokeDocument;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A measuring document bound strictly into the records its command writes it from: a measuring
 * command's one run ({@link RunDocument}) or {@code --runs N}'s repetitions, or smoke's document.
 * Its {@link #results} are what the gates judge.
 */
public sealed interface MeasuredDocument {
    /** The command that wrote it. */
    String command();

    /**
     * The GPU results of this document, read from {@code file}.
     *
     * @throws BindingException naming a field beyond what its type says (a figure beyond belief)
     */
    List<GpuResults> results(Path file);

    /** A measuring command's run: one GPU's or several GPUs'. */
    record Run(RunDocument document) implements MeasuredDocument {
        @Override
        public String command() {
            return document.command();
        }

        @Override
        public List<GpuResults> results(Path file) {
            return DocumentResults.of(file, document);
        }
    }

    /** A measuring command's run with --runs N. */
    record Repeated(RepeatedDocument document) implements MeasuredDocument {
        @Override
        public String command() {
            return document.command();
        }

        @Override
        public List<GpuResults> results(Path file) {
            return DocumentResults.of(file, document);
        }
    }

    /** {@code xfer smoke --json}. */
    record Smoke(SmokeDocument.Written document) implements MeasuredDocument {
        @Override
        public String command() {
            return "smoke";
        }

        @Override
        public List<GpuResults> results(Path file) {
            return SmokeDocument.results(file, document);
        }
    }

    /**
     * {@code text}, a document of {@code command}, bound to that command's records; empty for a
     * command that writes no measuring document.
     *
     * @throws BindingException naming the field, for a document that does not bind
     * @throws IllegalArgumentException when {@code text} is not JSON
     */
    static Optional<MeasuredDocument> of(String command, String text) {
        if (command.equals("smoke")) {
            return Optional.of(new Smoke(SmokeDocument.read(text)));
        }
        return MeasuredDocuments.read(command, text).map(bound -> switch (bound) {
            case RunDocument run -> new Run(run);
            case RepeatedDocument repeated -> new Repeated(repeated);
            default -> throw new IllegalStateException("a measuring document is a run or repetitions");
        });
    }
}
