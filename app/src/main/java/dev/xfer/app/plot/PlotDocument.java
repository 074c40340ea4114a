package dev.xfer.app.plot;

import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.fleet.CompareDocument;
import dev.xfer.app.fleet.FleetDocument;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.RecordBinder;

/**
 * A document plot draws, bound to the records its command wrote it from (a malformed field is a
 * {@link BindingException} naming its path): fleet's, compare's, a measuring command's one run or
 * --runs N's repetitions, smoke's; any other xfer document (devices, topo, doctor) by its command alone.
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

    /** A measuring command's document (one run, --runs N's repetitions, smoke's), bound as the gates bind it. */
    record Measured(MeasuredDocument document) implements PlotDocument {
        @Override
        public String command() {
            return document.command();
        }
    }

    /** A document plot has no chart for (devices, topo, doctor, ...): its command is all it reads. */
    record Other(String command) implements PlotDocument {
    }

    /** What every xfer document starts with. */
    record Head(String command) {
    }

    /**
     * The document {@code text} holds, bound to its command's records.
     *
     * @throws BindingException naming the field, for a document that does not bind
     * @throws IllegalArgumentException when {@code text} is not JSON
     */
    public static PlotDocument of(String text) {
        RecordBinder binder = new RecordBinder();
        String command = binder.read(text, Head.class).command();
        return switch (command) {
            case "fleet" -> new Fleet(binder.read(text, FleetDocument.class));
            case "compare" -> new Compare(binder.read(text, CompareDocument.class));
            default -> MeasuredDocument.of(command, text).<PlotDocument>map(Measured::new).orElse(new Other(command));
        };
    }
}
