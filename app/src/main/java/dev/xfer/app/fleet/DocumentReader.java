package dev.xfer.app.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.result.DocumentException;
import dev.xfer.app.result.GpuContext;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.result.ResultDocumentReader;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads an xfer results document into one {@link GpuRun} per GPU it measured, through the typed
 * and strict {@link ResultDocumentReader}: each {@link Measurement} is a view of one
 * {@link Result}, named by its identity ({@link dev.xfer.app.result.Identity#name()}).
 */
public final class DocumentReader {
    /** The newest schema this xfer reads; see MeasuringCommand.SCHEMA_VERSION. */
    public static final int SCHEMA_VERSION = ResultDocumentReader.SCHEMA_VERSION;

    private final ResultDocumentReader reader = new ResultDocumentReader();

    /** @throws BadDocumentException when the file cannot be read, is not JSON, not an xfer document, newer, or has a bad field */
    public List<GpuRun> read(Path file) {
        return runs(file, parse(file));
    }

    /**
     * The file's JSON value, not yet bound ({@link #document} and {@link #runs} bind it), read with
     * io's cap (DocumentText): no file makes xfer hold more than its limit.
     *
     * @throws BadDocumentException when the file cannot be read or is not JSON
     */
    public Object parse(Path file) {
        String text = DocumentText.read(file);
        try {
            return reader.tree(file, text);
        } catch (DocumentException e) {
            throw new BadDocumentException(file, e.why());
        }
    }

    /**
     * What the document records about itself (complete, passed, failures, expectations, checks,
     * each row's own check), bound strictly: the one model every gate judges a document's status by.
     *
     * @throws BadDocumentException when it is no xfer results document or a field is malformed
     */
    public MeasuringDocument document(Path file, Object parsed) {
        try {
            return reader.document(file, parsed);
        } catch (DocumentException e) {
            throw new BadDocumentException(file, e.why());
        }
    }

    /**
     * The GPU runs of a document: its text, {@link #parse}'s value, or a value as the writers build
     * it ({@code Json.parse} of a written document). Its header is checked as {@link #document} checks
     * it, then it is bound strictly into the records its command writes ({@link MeasuredDocument}).
     *
     * @throws BadDocumentException when it is no xfer results document or a field does not bind
     */
    public List<GpuRun> runs(Path file, Object parsed) {
        MeasuringDocument doc = document(file, parsed);
        String text = parsed instanceof String t ? t : parsed instanceof JsonNode node ? node.toString()
                : Json.write(parsed);
        try {
            MeasuredDocument bound = MeasuredDocument.of(doc.command(), text).orElseThrow(() -> new BadDocumentException(
                    file, "not an xfer results document (" + doc.command() + " is no command xfer knows)"));
            return bound.results(file).stream().map(DocumentReader::run).toList();
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
     * @throws BadDocumentException naming the file and the field
     */
    public void check(Path file, Object parsed) {
        MeasuringDocument doc = document(file, parsed);
        if (doc.measuring() && doc.holdsResultRows()) {
            runs(file, parsed);
        }
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
