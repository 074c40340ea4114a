package dev.xfer.app.pipeline;

import dev.xfer.app.format.Decimals;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pipeline report as text and CSV (its JSON is {@link PipelineDocument}), and its results by
 * name: {@code pipeline.ms} (median total), {@code pipeline.batch-ms}, {@code pipeline.hidden}
 * (share of copy time hidden) and {@code pipeline.error}.
 */
public final class PipelineRendering {
    private PipelineRendering() {
    }

    /** The run as text: its figures, or, when a timer gave no time, one FAILED line with why. */
    public static String text(RunContext context, PipelinePlan p, PipelineOutcome outcome) {
        return switch (outcome) {
            case PipelineResult r -> text(context, p, r);
            case PipelineOutcome.Unmeasured u -> header(context, p) + "FAILED: " + configuration(p) + ": not measured: "
                    + u.reason() + "\n";
        };
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


    /** The measured fields, as the document names them: the time stands for the run, the others are figures of it. */
    private static final List<String> MEASURED = List.of("milliseconds", "perBatchMs", "hiddenCopyFraction", "maxError");

    public static List<MetricDeclaration> declare() {
        return MEASURED.stream().map(measured -> RunResult.declaration(name(measured),
                Quantity.of(measured).orElseThrow(), false)).toList();
    }

    /** The identity of one figure of a pipeline run: the plan's batches, sizes, buffers, kernel and start. */
    public static Identity identity(PipelinePlan p, String measured) {
        return Identity.of("pipeline", measured).with(IdentityField.COUNT, p.batches())
                .with(IdentityField.BYTES, p.batchBytes()).with(IdentityField.BUFFERS, p.buffers())
                .with(IdentityField.KERNEL_ITERATIONS, p.kernelIterations())
                .with(IdentityField.START, p.start().label()).build();
    }

    /** {@code pipeline.ms}, {@code pipeline.batch-ms}, ...: one run measures one configuration. */
    public static String name(Identity identity) {
        return name(identity.measured());
    }

    private static String name(String measured) {
        return "pipeline." + switch (measured) {
            case "milliseconds" -> "ms";
            case "perBatchMs" -> "batch-ms";
            case "hiddenCopyFraction" -> "hidden";
            case "maxError" -> "error";
            default -> throw new IllegalArgumentException("pipeline measures no " + measured);
        };
    }

    /** The run's results; a run whose timer gave no time is one failed result with why, and no figure. */
    public static RunResults metrics(PipelinePlan p, PipelineOutcome outcome) {
        return switch (outcome) {
            case PipelineResult r -> metrics(p, r);
            case PipelineOutcome.Unmeasured u -> {
                Identity time = identity(p, "milliseconds");
                List<RunResult> out = new ArrayList<>();
                out.add(RunResult.configuration(name(time), RunResult.notMeasured(time, u.reason(),
                        CheckOutcome.failed(u.reason())), "pipeline.buffers-" + p.buffers()));
                for (String measured : MEASURED.subList(1, MEASURED.size())) {
                    Identity id = identity(p, measured);
                    out.add(RunResult.figure(name(id), RunResult.notMeasured(id, u.reason(),
                            CheckOutcome.NOT_CHECKED)));
                }
                yield RunResults.of("pipeline", out);
            }
        };
    }

    public static RunResults metrics(PipelinePlan p, PipelineResult r) {
        CheckOutcome check = r.withinTolerance()
                ? CheckOutcome.passed(String.format(Locale.ROOT, "%d batches, max error %e", p.batches(), r.maxError()))
                : CheckOutcome.failed(String.format(Locale.ROOT, "max error %e above %.0e", r.maxError(),
                PipelineResult.TOLERANCE));
        Identity time = identity(p, "milliseconds");
        List<RunResult> out = new ArrayList<>();
        out.add(RunResult.configuration(name(time), RunResult.measured(time, r.milliseconds(), check),
                "pipeline.buffers-" + p.buffers()));
        Map<String, Double> figures = Map.of("perBatchMs", r.perBatchMs(), "hiddenCopyFraction",
                r.hiddenCopyFraction(), "maxError", r.maxError());
        for (String measured : MEASURED.subList(1, MEASURED.size())) {
            Identity id = identity(p, measured);
            out.add(RunResult.figure(name(id), RunResult.single(id, figures.get(measured),
                    CheckOutcome.NOT_CHECKED)));
        }
        return RunResults.of("pipeline", out);
    }
}
