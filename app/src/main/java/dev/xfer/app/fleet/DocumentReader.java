package dev.xfer.app.fleet;

import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.documents.MeasuredStatus;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.DocumentHead;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.result.GpuContext;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an xfer results document into one {@link GpuRun} per GPU it measured: its header
 * ({@link DocumentHead}), then the document bound strictly into the records its command writes
 * ({@link MeasuredDocument}): its status ({@link MeasuredStatus}) and its figures, each
 * {@link Measurement} a view of one of their results.
 */
public final class DocumentReader {
    /** The newest schema this xfer reads; see output/DocumentSchema. */
    public static final int SCHEMA_VERSION = DocumentSchema.VERSION;

    /** Commands whose documents describe GPUs or other documents but hold no measured results. */
    private static final Set<String> NOT_MEASURING = Set.of("devices", "topo", "doctor", "fleet", "compare");

    /** A document's text as read (bound into its records), with its JSON value (its header, and the NO RESULT reading). */
    public record Parsed(String text, Object tree) {
    }

    /** @throws BadDocumentException when the file cannot be read, is not JSON, not an xfer document, newer, or has a bad field */
    public List<GpuRun> read(Path file) {
        return runs(file, parse(file));
    }

    /**
     * The file's text and JSON value, not yet bound ({@link #document} and {@link #runs} bind it),
     * read with io's cap (DocumentText): no file makes xfer hold more than its limit.
     *
     * @throws BadDocumentException when the file cannot be read or is not JSON
     */
    public Parsed parse(Path file) {
        String text = DocumentText.read(file);
        return new Parsed(text, tree(file, text));
    }

    /**
     * What the document records about itself (complete, passed, failures, expectations, checks,
     * each row's own check), bound strictly: the one model every gate judges a document's status by.
     *
     * @param parsed {@link #parse}'s value, or a value as the writers build it (the maps of a test)
     * @throws BadDocumentException when it is no xfer results document or a field is malformed
     */
    public MeasuringDocument document(Path file, Object parsed) {
        return reading(file, parsed).status();
    }

    /**
     * A document read once: its status, and the records it bound into (empty for a command this
     * xfer does not know, and for a document without result rows that did not bind: NO RESULT).
     */
    public record Reading(Path file, MeasuringDocument status, Optional<MeasuredDocument> bound) {
        /**
         * The GPU runs of the bound records.
         *
         * @throws BadDocumentException when nothing was bound or a figure is beyond what its type says
         */
        public List<GpuRun> runs() {
            MeasuredDocument records = bound.orElseThrow(() -> new BadDocumentException(file,
                    "no results: the " + status.command() + " document holds no GPU run"));
            try {
                return records.results(file).stream().map(DocumentReader::run).toList();
            } catch (BindingException e) {
                throw new BadDocumentException(file, e.getMessage());
            }
        }
    }

    /**
     * Reads {@code parsed} (as {@link #document} takes it) once: the header, then the document
     * bound into its command's records, and its status from them.
     *
     * @throws BadDocumentException when it is no xfer results document or a field is malformed
     */
    public Reading reading(Path file, Object parsed) {
        Object tree = tree(file, parsed);
        DocumentHead head = head(file, tree);
        if (!MeasuringDocument.MEASURING.contains(head.command())) {
            // An unknown command's fields mean nothing known: its node is NO RESULT, read no further.
            return new Reading(file, unbound(file, head, tree), Optional.empty());
        }
        MeasuredDocument bound;
        try {
            bound = bound(file, head.command(), parsed);
        } catch (BadDocumentException e) {
            // A document with no result row anywhere ([], null, {"a": 1}) is NO RESULT, not a bad file.
            if (head.holdsResultRows()) {
                throw e;
            }
            return new Reading(file, unbound(file, head, tree), Optional.empty());
        }
        return new Reading(file, MeasuredStatus.of(file, bound), Optional.of(bound));
    }

    /** The JSON value of a document as the callers hold it: {@link #parse}'s, its text, or a writer's value. */
    private Object tree(Path file, Object parsed) {
        return switch (parsed) {
            case Parsed p -> p.tree();
            case String text -> {
                try {
                    yield RecordBinder.parse(text);
                } catch (IllegalArgumentException e) {
                    throw new BadDocumentException(file, "not JSON: " + e.getMessage());
                }
            }
            default -> parsed;
        };
    }

    /**
     * The GPU runs of a document ({@link #parse}'s value, its text, or a value as the writers build
     * it). Its header is checked as {@link #document} checks it, then it is bound strictly into the
     * records its command writes.
     *
     * @throws BadDocumentException when it is no xfer results document or a field does not bind
     */
    public List<GpuRun> runs(Path file, Object parsed) {
        return results(file, parsed).stream().map(DocumentReader::run).toList();
    }

    /** The GPU results of the document in {@code file}, read as {@link #parse} and {@link #results(Path, Object)} do. */
    public List<GpuResults> results(Path file) {
        return results(file, parse(file));
    }

    /** {@link #runs}, as the results records they are views of. */
    public List<GpuResults> results(Path file, Object parsed) {
        MeasuredDocument bound = bound(file, head(file, tree(file, parsed)).command(), parsed);
        try {
            return bound.results(file);
        } catch (BindingException e) {
            throw new BadDocumentException(file, e.getMessage());
        }
    }

    /**
     * The status of a document read no further: a command this xfer does not know, or a measuring
     * document without result rows whose records did not bind (its status fields still of their types).
     */
    private static MeasuringDocument unbound(Path file, DocumentHead head, Object tree) {
        if (MeasuringDocument.MEASURING.contains(head.command())) {
            try {
                DocumentHead.checkStatusTypes(tree);
            } catch (BindingException e) {
                throw new BadDocumentException(file, e.getMessage());
            }
        }
        MeasuringDocument.Part top = new MeasuringDocument.Part(true, Optional.empty(), Optional.empty(), List.of(),
                List.of(), new MeasuringDocument.Results(List.of(), head.resultsShape()), Optional.empty(),
                MeasuringDocument.Facts.NONE);
        return new MeasuringDocument(file, head.command(), head.unusable(), head.host(), head.label(), head.started(),
                top, List.of(), List.of(), List.of());
    }

    /** The header of an xfer document of a schema this xfer reads, whose command holds results. */
    private static DocumentHead head(Path file, Object tree) {
        DocumentHead head;
        try {
            head = DocumentHead.of(tree);
        } catch (BindingException e) {
            throw new BadDocumentException(file, e.getMessage());
        }
        if (head.schemaVersion() > SCHEMA_VERSION) {
            throw new BadDocumentException(file, "schemaVersion " + head.schemaVersion()
                    + " is newer than this xfer reads (" + SCHEMA_VERSION + "): use a newer xfer");
        }
        if (head.schemaVersion() < 1) {
            throw new BadDocumentException(file, "schemaVersion: expected 1 to " + SCHEMA_VERSION + ", got "
                    + head.schemaVersion());
        }
        if (!IdentityField.isWord(head.command())) {
            throw new BadDocumentException(file, "command: expected a word of a-z, 0-9 and '-', got text \""
                    + head.command() + "\"");
        }
        if (NOT_MEASURING.contains(head.command())) {
            throw new BadDocumentException(file, "not an xfer results document (" + head.command()
                    + " documents carry no GPU results)");
        }
        return head;
    }

    /** The document bound into {@code command}'s records. */
    private static MeasuredDocument bound(Path file, String command, Object parsed) {
        String text = switch (parsed) {
            case Parsed p -> p.text();
            case String s -> s;
            default -> Json.write(parsed);
        };
        try {
            return MeasuredDocument.of(command, text).orElseThrow(() -> new BadDocumentException(
                    file, "not an xfer results document (" + command + " is no command xfer knows)"));
        } catch (BindingException e) {
            throw new BadDocumentException(file, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new BadDocumentException(file, "not JSON: " + e.getMessage());
        }
    }

    /**
     * Checks a parsed document as fleet and compare do, for a reader (plot) that draws it in its own
     * way: its status strictly, and its figures wherever it holds result rows.
     *
     * @return the document as read, its records for the reader to draw
     *
     * @throws BadDocumentException naming the file and the field
     */
    public Reading check(Path file, Object parsed) {
        Reading reading = reading(file, parsed);
        if (reading.status().measuring() && reading.status().holdsResultRows()) {
            reading.runs();
        }
        return reading;
    }

    private static GpuRun run(GpuResults gpu) {
        if (gpu.unusable().isPresent()) {
            GpuRun u = GpuRun.unusable(gpu.file(), gpu.command(), gpu.host(), gpu.label(), gpu.started(),
                    gpu.unusable().get());
            return new GpuRun(u.file(), u.command(), u.host(), u.label(), u.started(), u.index(), u.name(), u.uuid(),
                    u.busId(), u.link(), u.measurements(), u.unusable(), u.disturbances(), gpu.repetition());
        }
        GpuContext c = gpu.gpu().orElseThrow();
        return new GpuRun(gpu.file(), gpu.command(), c.host(), c.label(), c.started(), c.index().orElse(-1), c.name(),
                c.uuid(), c.busId(), c.link().map(l -> new GpuRun.LinkState(l.currentGeneration(), l.currentWidth(),
                        l.maxGeneration(), l.maxWidth())),
                gpu.results().stream().map(Measurement::of).toList(), Optional.empty(), gpu.disturbances(),
                gpu.repetition());
    }
}
