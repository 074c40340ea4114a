package dev.xfer.app.fleet;

import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.documents.MeasuredStatus;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.result.DocumentException;
import dev.xfer.app.result.GpuContext;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.StatusReader;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads an xfer results document into one {@link GpuRun} per GPU it measured: its header
 * ({@link StatusReader}), then the document bound strictly into the records its command writes
 * ({@link MeasuredDocument}): its status ({@link MeasuredStatus}) and its figures, each
 * {@link Measurement} a view of one of their results.
 */
public final class DocumentReader {
    /** The newest schema this xfer reads; see output/DocumentSchema. */
    public static final int SCHEMA_VERSION = StatusReader.SCHEMA_VERSION;

    private final StatusReader status = new StatusReader();

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
        try {
            return new Parsed(text, status.tree(file, text));
        } catch (DocumentException e) {
            throw new BadDocumentException(file, e.why());
        }
    }

    /**
     * What the document records about itself (complete, passed, failures, expectations, checks,
     * each row's own check), bound strictly: the one model every gate judges a document's status by.
     *
     * @param parsed {@link #parse}'s value, or a value as the writers build it ({@code Json.parse} of a written document)
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
        String command = command(file, tree);
        if (!MeasuringDocument.MEASURING.contains(command)) {
            // An unknown command's fields mean nothing known: its node is NO RESULT, read no further.
            return new Reading(file, unbound(file, command, tree), Optional.empty());
        }
        MeasuredDocument bound;
        try {
            bound = bound(file, command, parsed);
        } catch (BadDocumentException e) {
            // A document with no result row anywhere ([], null, {"a": 1}) is NO RESULT, not a bad file.
            if (status.holdsResultRows(tree)) {
                throw e;
            }
            return new Reading(file, unbound(file, command, tree), Optional.empty());
        }
        return new Reading(file, MeasuredStatus.of(file, bound), Optional.of(bound));
    }

    /** The JSON value of a document as the callers hold it: {@link #parse}'s, its text, or a writer's value. */
    private Object tree(Path file, Object parsed) {
        return switch (parsed) {
            case Parsed p -> p.tree();
            case String text -> status.tree(file, text);
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
        MeasuredDocument bound = bound(file, command(file, tree(file, parsed)), parsed);
        try {
            return bound.results(file);
        } catch (BindingException e) {
            throw new BadDocumentException(file, e.getMessage());
        }
    }

    private MeasuringDocument unbound(Path file, String command, Object tree) {
        try {
            return status.unbound(file, command, tree);
        } catch (DocumentException e) {
            throw new BadDocumentException(file, e.why());
        }
    }

    /** The header's command, checked. */
    private String command(Path file, Object tree) {
        try {
            return status.command(file, tree);
        } catch (DocumentException e) {
            throw new BadDocumentException(file, e.why());
        }
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
