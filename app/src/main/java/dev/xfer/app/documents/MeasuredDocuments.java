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
            case "bandwidth" -> bandwidth();
            case "overlap" -> OverlapDocument.parts();
            case "pipeline" -> PipelineDocument.parts();
            case "batch" -> BatchDocument.parts();
            case "check" -> CheckDocument.parts();
            case "latency" -> LatencyDocument.parts();
            default -> null;
        });
    }

    /**
     * bandwidth's: one GPU's plan and rows, several GPUs' ({@code concurrent}, {@code p2p}) or the
     * patterns' whole run. A pattern run's GPU documents carry the patterns' plan, told apart from a
     * plain plan by what it leaves out ({@code numaNode}, always written by a plain run) and holds ({@code copy}).
     */
    private static DocumentParts bandwidth() {
        return DocumentParts.of(BandwidthParameters.class, BandwidthRow.class)
                .withParameters(f -> f.isEmpty() ? NoParameters.class
                        : f.has("patterns") || !f.has("numaNode") && f.has("copy") ? PatternParameters.class
                        : BandwidthParameters.class)
                .withFailures(f -> FailureRow.class)
                .withDevices(f -> f.isEmpty() ? NoParameters.class
                                : f.has("patterns") ? PatternParameters.Run.class
                                : f.has("concurrent") ? MultiDeviceParameters.class : AcrossDevices.class,
                        f -> f.has("patterns") ? PatternExtras.class
                                : f.has("concurrent") || f.has("p2p") || f.has("failures") ? MultiDeviceExtras.class
                                : NoParameters.class);
    }
}
