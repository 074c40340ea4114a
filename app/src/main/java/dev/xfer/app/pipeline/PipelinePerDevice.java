package dev.xfer.app.pipeline;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.overlap.TimelineText;
import dev.xfer.app.run.ConfidentialComputingOneKindRules;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.Session;
import dev.xfer.app.run.TerminalWidth;

import java.util.List;
import java.util.OptionalDouble;

/**
 * One GPU's {@code xfer pipeline}, as the each-device loop runs it: Confidential Computing's marks
 * on its pinned batches, the batches streamed, and the report in every format.
 */
public final class PipelinePerDevice implements EachDevice.Measurement {
    private final MeasuringRun measuring;
    private final PipelinePlan plan;
    private final boolean timeline;

    /** @param timeline --timeline: the text ends with the streams' timeline drawn for the terminal */
    public PipelinePerDevice(MeasuringRun measuring, PipelinePlan plan, boolean timeline) {
        this.measuring = measuring;
        this.plan = plan;
        this.timeline = timeline;
    }

    @Override
    public EachDevice.Measured measure(Session session, Progress progress) {
        // Settled before anything is allocated; pinned memory is never refused, only marked.
        List<String> notes = measuring.runWideNotes(ConfidentialComputingOneKindRules.notes(PipelinePlan.HOST_MEMORY,
                measuring.confidentialComputing()));
        PipelineOutcome outcome = new PipelineBenchmark(session.device(), progress).run(plan);
        return EachDevice.Measured.of(session.context(), outcome.runResults(plan),
                () -> PipelineText.text(session.context(), plan, outcome, notes) + (timeline
                        && outcome instanceof PipelineResult result
                        ? "\n" + TimelineText.render(result.timeline().stream().toList(),
                        OptionalDouble.of(result.model().idealMs()), TerminalWidth.columns(), TerminalWidth.colour())
                        : ""),
                () -> PipelineDocument.of(session.context(), plan, outcome));
    }
}
