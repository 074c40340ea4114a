package dev.xfer.app.plot;

import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.DocumentText;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.RecordBinder;

import java.nio.file.Path;

/**
 * Reads the files {@code xfer plot} draws: any xfer document (measuring commands, fleet), checked
 * by the rule fleet and compare use: JSON with {@code schemaVersion} and {@code command} at the
 * top, a version this xfer reads; a fleet or compare document is bound to its records, and a field
 * that does not bind is a bad document naming its path.
 */
public final class ReportDocuments {
    /** Documents that describe GPUs or other documents: plot draws them as they are. */
    private static final java.util.Set<String> NOT_MEASURING = java.util.Set.of("devices", "topo", "fleet", "compare");

    private ReportDocuments() {
    }

    /** What every xfer document starts with. */
    private record Top(long schemaVersion, String command) {
    }

    /** @throws BadDocumentException naming the file and why, for a file that is no xfer document */
    public static PlotDocument read(Path file) {
        String text = DocumentText.read(file);
        Object parsed;
        try {
            parsed = RecordBinder.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadDocumentException(file, "not JSON: " + e.getMessage());
        }
        java.util.Optional<PlotDocument> checked = check(file, text, parsed);
        if (checked.isPresent()) {
            return checked.get();
        }
        try {
            return PlotDocument.of(text);
        } catch (BindingException e) {
            // As fleet and compare name a measuring document's bad field: the file, the field's path, why.
            throw new BadDocumentException(file, e.getMessage());
        }
    }

    /**
     * {@code text} (parsed: {@code parsed}) is an xfer document of a version this xfer reads; a
     * measuring document comes back bound, as the check bound it (read once, not again to draw).
     */
    private static java.util.Optional<PlotDocument> check(Path file, String text, Object parsed) {
        Top top;
        try {
            top = new RecordBinder().read(text, Top.class);
        } catch (BindingException e) {
            throw new BadDocumentException(file, "not an xfer document (no schemaVersion and command at the top)");
        }
        long version = top.schemaVersion();
        if (version > DocumentReader.SCHEMA_VERSION) {
            throw new BadDocumentException(file, "schemaVersion " + version + " is newer than this xfer reads ("
                    + DocumentReader.SCHEMA_VERSION + "): use a newer xfer");
        }
        if (version < 1) {
            throw new BadDocumentException(file, "not an xfer document (schemaVersion " + version + ")");
        }
        if (!NOT_MEASURING.contains(top.command())) {
            // A measuring document is checked as fleet and compare check it: a malformed field is
            // a bad document here too, never a chart of a value a gate would refuse.
            return new DocumentReader().check(file, new DocumentReader.Parsed(text, parsed)).bound()
                    .map(PlotDocument.Measured::new);
        }
        return java.util.Optional.empty();
    }
}
