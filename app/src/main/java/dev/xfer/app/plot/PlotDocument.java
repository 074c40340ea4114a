package dev.xfer.app.plot;

import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.fleet.CompareDocument;
import dev.xfer.app.fleet.FleetDocument;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.smoke.SmokeDocument;

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

    /** A measuring command's run: one GPU's or several GPUs'. */
    record Run(RunDocument document) implements PlotDocument {
        @Override
        public String command() {
            return document.command();
        }
    }

    /** A measuring command's run with --runs N. */
    record Repeated(RepeatedDocument document) implements PlotDocument {
        @Override
        public String command() {
            return document.command();
        }
    }

    /** {@code xfer smoke --json}. */
    record Smoke(SmokeDocument.Written document) implements PlotDocument {
        @Override
        public String command() {
            return "smoke";
        }
    }

    /** A document plot has no chart for (devices, topo, doctor, ...): its command is all it reads. */
    record Other(String command) implements PlotDocument {
    }

    /** What every xfer document starts with. */
    record Head(String command) {
    }

    /** A measuring document already bound (as the gates' check binds it). */
    static PlotDocument of(MeasuredDocument measured) {
        return switch (measured) {
            case MeasuredDocument.Run run -> new Run(run.document());
            case MeasuredDocument.Repeated repeated -> new Repeated(repeated.document());
            case MeasuredDocument.Smoke smoke -> new Smoke(smoke.document());
        };
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
            default -> MeasuredDocument.of(command, text).map(PlotDocument::of).orElse(new Other(command));
        };
    }
}
