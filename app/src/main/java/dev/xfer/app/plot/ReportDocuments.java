package dev.xfer.app.plot;

import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.DocumentText;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;

import java.nio.file.Path;
import java.util.Map;

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

    /** @throws BadDocumentException naming the file and why, for a file that is no xfer document */
    public static PlotDocument read(Path file) {
        String text = DocumentText.read(file);
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadDocumentException(file, "not JSON: " + e.getMessage());
        }
        Map<?, ?> doc = check(file, parsed);
        try {
            return PlotDocument.of(text, doc);
        } catch (BindingException e) {
            // As fleet and compare name a measuring document's bad field: the file, the field's path, why.
            throw new BadDocumentException(file, e.getMessage());
        }
    }

    /** An already parsed document, checked as {@link #read(Path)} does. */
    public static Map<?, ?> check(Path file, Object parsed) {
        if (!(parsed instanceof Map<?, ?> doc) || !(doc.get("schemaVersion") instanceof Long version)
                || !(doc.get("command") instanceof String)) {
            throw new BadDocumentException(file, "not an xfer document (no schemaVersion and command at the top)");
        }
        if (version > DocumentReader.SCHEMA_VERSION) {
            throw new BadDocumentException(file, "schemaVersion " + version + " is newer than this xfer reads ("
                    + DocumentReader.SCHEMA_VERSION + "): use a newer xfer");
        }
        if (version < 1) {
            throw new BadDocumentException(file, "not an xfer document (schemaVersion " + version + ")");
        }
        if (doc.get("command") instanceof String command && !NOT_MEASURING.contains(command)) {
            // A measuring document is checked as fleet and compare check it: a malformed field is
            // a bad document here too, never a chart of a value a gate would refuse.
            new DocumentReader().check(file, parsed);
        }
        return doc;
    }
}
