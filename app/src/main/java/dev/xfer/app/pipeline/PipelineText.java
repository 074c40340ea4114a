package dev.xfer.app.pipeline;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.output.RunContext;

import java.util.List;
import java.util.Locale;

/**
 * The pipeline report as text (its JSON is {@link PipelineDocument}; its results,
 * {@link PipelineOutcome#runResults(PipelinePlan)}).
 */
public final class PipelineText {
    private PipelineText() {
    }

    /** The run as text: its figures, or, when a timer gave no time, one FAILED line with why. */
    public static String text(RunContext context, PipelinePlan p, PipelineOutcome outcome) {
        return text(context, p, outcome, List.of());
    }

    /** As {@link #text(RunContext, PipelinePlan, PipelineOutcome)}, then a {@code note:} line each of {@code notes}. */
    public static String text(RunContext context, PipelinePlan p, PipelineOutcome outcome, List<String> notes) {
        return switch (outcome) {
            case PipelineResult r -> text(context, p, r);
            case PipelineOutcome.Unmeasured u -> header(context, p) + "FAILED: " + UnmeasuredRow.words(configuration(p), u.reason())
                    + "\n";
        } + NoteLines.of(notes);
    }

    /** The configuration as the text and a failures entry name it: {@code 32 batches x 4194304 B through 2 buffers}. */
    static String configuration(PipelinePlan p) {
        return p.batches() + " batches x " + p.batchBytes() + " B through " + p.buffers() + " buffer"
                + (p.buffers() == 1 ? "" : "s");
    }

    private static String header(RunContext context, PipelinePlan p) {
        return context.headline() + "\n" + String.format(Locale.ROOT,
                "%d batches x %d bytes, %d buffer%s on as many streams, kernel iterations %d, %s, "
                        + "%d iterations after %d+ warm-up runs (200 ms at least)%n",
                p.batches(), p.batchBytes(), p.buffers(), p.buffers() == 1 ? "" : "s", p.kernelIterations(),
                p.gated() ? "gated start: all batches queued behind hold_stream, events from the gate's opening"
                        : "host clock", p.iterations(), p.warmup());
    }

    public static String text(RunContext context, PipelinePlan p, PipelineResult r) {
        PipelineModel m = r.model();
        StringBuilder out = new StringBuilder(header(context, p));
        out.append(String.format(Locale.ROOT, "total     median %.3f ms (min %.3f, max %.3f), %s GB/s each way%n",
                r.milliseconds().median(), r.milliseconds().min(), r.milliseconds().max(),
                Decimals.fixed(p.totalBytes() / (r.milliseconds().median() / 1e3) / 1e9, 2)));
        out.append(String.format(Locale.ROOT, "per batch %.3f ms; copy time hidden behind compute: %.0f%%%n",
                r.perBatchMs(), 100 * r.hiddenCopyFraction()));
        out.append(String.format(Locale.ROOT,
                "model: per batch H2D %.3f + kernel %.3f + D2H %.3f ms; sequential %.3f ms, ideal %.3f ms "
                        + "(%s)%n", m.h2dMs(), m.kernelMs(), m.d2hMs(), m.sequentialMs(), m.idealMs(),
                p.buffers() == 1 ? "one buffer: no overlap" : m.copyEngines() >= 2
                        ? "batches x max(H2D, D2H, kernel): " + m.copyEngines() + " copy engines"
                        : "batches x max(H2D + D2H, kernel): one copy engine"));
        out.append(String.format(Locale.ROOT, "max error %e%s%n", r.maxError(),
                r.withinTolerance() ? "" : "  WRONG RESULT (above " + PipelineResult.TOLERANCE + ")"));
        return out.toString();
    }
}
