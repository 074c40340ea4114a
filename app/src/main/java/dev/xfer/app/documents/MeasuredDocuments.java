package dev.xfer.app.documents;

import dev.xfer.app.bandwidth.BandwidthParameters;
import dev.xfer.app.bandwidth.BandwidthRow;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.bandwidth.pattern.PatternExtras;
import dev.xfer.app.bandwidth.pattern.PatternParameters;
import dev.xfer.app.bandwidth.several.MultiDeviceExtras;
import dev.xfer.app.bandwidth.several.MultiDeviceParameters;
import dev.xfer.app.batch.BatchDocument;
import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.latency.LatencyDocument;
import dev.xfer.app.output.AcrossDevices;
import dev.xfer.app.output.DocumentParts;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.pipeline.PipelineDocument;

import java.util.Optional;

/** Which records each measuring command's documents bind into (smoke's: {@code SmokeDocument.read}). */
public final class MeasuredDocuments {
    private MeasuredDocuments() {
    }

    /** The parts of {@code command}'s documents; empty for a command that writes no measuring document. */
    public static Optional<DocumentParts> parts(String command) {
        return Optional.ofNullable(switch (command) {
            case "bandwidth" -> bandwidth(); // the plain run's; read(command, text) tells a pattern run
            case "overlap" -> OverlapDocument.parts();
            case "pipeline" -> PipelineDocument.parts();
            case "batch" -> BatchDocument.parts();
            case "check" -> CheckDocument.parts();
            case "latency" -> LatencyDocument.parts();
            default -> null;
        });
    }

    /**
     * {@code text}, a document of {@code command}, bound to that command's records (a
     * {@link dev.xfer.app.output.RunDocument} or a {@link dev.xfer.app.output.RepeatedDocument});
     * empty for a command that writes no measuring document.
     *
     * @throws dev.xfer.app.format.BindingException naming the field that does not bind
     * @throws IllegalArgumentException when {@code text} is not JSON
     */
    public static Optional<Object> read(String command, String text) {
        if (command.equals("bandwidth")) {
            // A pattern run's GPU documents carry the patterns' plan: told by the whole run, which
            // always says "patterns" (at the top of several GPUs' document, in --runs N's parameters).
            return Optional.of(DocumentParts.read(text, top -> top.has("patterns")
                    || top.path("parameters").has("patterns") ? patterns() : bandwidth()));
        }
        return parts(command).map(p -> p.read(text));
    }

    /** bandwidth's: one GPU's plan and rows, and several GPUs' ({@code concurrent}, {@code p2p}). */
    private static DocumentParts bandwidth() {
        return DocumentParts.of(BandwidthParameters.class, BandwidthRow.class)
                .withFailures(f -> FailureRow.class)
                .withDevices(f -> f.isEmpty() ? NoParameters.class
                                : f.has("concurrent") ? MultiDeviceParameters.class : AcrossDevices.class,
                        f -> f.has("concurrent") || f.has("p2p") || f.has("failures") ? MultiDeviceExtras.class
                                : NoParameters.class);
    }

    /** A pattern run's: each GPU's document carries the patterns' plan; the whole run's its rounds. */
    private static DocumentParts patterns() {
        return DocumentParts.of(PatternParameters.class, BandwidthRow.class)
                .withFailures(f -> FailureRow.class)
                .withDevices(f -> f.isEmpty() ? NoParameters.class : PatternParameters.Run.class,
                        f -> PatternExtras.class);
    }
}
