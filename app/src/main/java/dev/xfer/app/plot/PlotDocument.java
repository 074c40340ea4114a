package dev.xfer.app.plot;

import dev.xfer.app.fleet.CompareDocument;
import dev.xfer.app.fleet.FleetDocument;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;

import java.util.Map;

/**
 * A document plot draws: fleet's and compare's bound to their records (a malformed field is a
 * {@link BindingException} naming its path), a measuring command's as the checked tree the
 * measuring charts read.
 */
public sealed interface PlotDocument {
    /** The command that wrote it. */
    String command();

    /** {@code xfer fleet --json}. */
    record Fleet(FleetDocument document) implements PlotDocument {
        @Override
        public String command() {
            return document.command();
        }
    }

    /** {@code xfer compare --json}. */
    record Compare(CompareDocument document) implements PlotDocument {
        @Override
        public String command() {
            return document.command();
        }
    }

    /** A measuring command's document (or devices, topo), already checked by {@link ReportDocuments}. */
    record Measured(String command, Map<?, ?> tree) implements PlotDocument {
    }

    /**
     * The document {@code text} holds, {@code parsed} being its tree.
     *
     * @throws BindingException naming the field, for a fleet or compare document that does not bind
     */
    static PlotDocument of(String text, Map<?, ?> parsed) {
        Object command = parsed.get("command");
        RecordBinder binder = new RecordBinder();
        if ("fleet".equals(command)) {
            return new Fleet(binder.read(text, FleetDocument.class));
        }
        if ("compare".equals(command)) {
            return new Compare(binder.read(text, CompareDocument.class));
        }
        return new Measured(command instanceof String s ? s : "?", parsed);
    }

    /** A document already parsed (a measuring command's own, for --html), as {@link #of(String, Map)}. */
    static PlotDocument of(Map<?, ?> parsed) {
        Object command = parsed.get("command");
        return "fleet".equals(command) || "compare".equals(command) ? of(Json.write(parsed), parsed)
                : new Measured(command instanceof String s ? s : "?", parsed);
    }
}
