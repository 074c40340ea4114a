package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.run.DeviceResults;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.CudaDevice;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code xfer bandwidth --pattern} over the GPUs {@code --device} opened: every plan's rounds
 * ({@link PatternBenchmark}), rows kept as measured so a stop keeps the rounds done, and the run's
 * shared end: a several-device document (each device's with no rows of its own) with
 * {@code patterns} and {@code failures}.
 */
public final class PatternRun {
    private final MeasuringRun measuring;

    public PatternRun(MeasuringRun measuring) {
        this.measuring = measuring;
    }

    /**
     * Runs the plans over the sessions {@code --device} opened and writes the run: a several-device
     * document (each device's with no rows of its own) with {@code patterns} and {@code failures}.
     */
    public FinishedRun run(List<Session> sessions, List<PatternPlan> plans, BandwidthPlan plan,
                           ExpectationSet expectations) {
        List<Integer> indices = sessions.stream().map(s -> s.device().index()).toList();
        if (sessions.size() < 2) {
            return waived(sessions.getFirst(), plans, plan, expectations, PatternPlan.whyNone(indices).orElseThrow()
                    + "; --device " + measuring.devices().label() + " found it");
        }
        List<CudaDevice> devices = sessions.stream().map(Session::device).toList();
        try {
            // --device all is known only now: pairs that do not fit the GPUs found are a usage error.
            plan.pairs().resolve(indices);
        } catch (IllegalArgumentException e) {
            throw new dev.xfer.app.run.UnusableOptionException(e.getMessage());
        }
        ValidatedExpectations validated = measuring.validate(expectations, PatternPlan.declarations(plans, indices));
        // One engine: the memory check, then the run.
        PatternBenchmark engine = new PatternBenchmark(devices, (s, d) -> { }, plan.pairs());
        engine.checkFits(plans);
        Instant started = Instant.now();
        LiveRun live;
        List<PatternResult> results;
        List<VerificationFailure> failures;
        List<String> notes;
        var progress = measuring.progress();
        live = measuring.live();
        PatternTally kept = new PatternTally(live::kept);
        try {
            notes = engine.run(plans, plan.warmup(), plan.iterations(), progress, kept).notes();
        } catch (RunStopped stopped) {
            // The rounds measured and verified before the stop, in the tally, are the result.
            notes = List.of();
        }
        results = kept.results();
        failures = kept.failures();
        measuring.progressDone();
        if (measuring.format() != OutputFormat.TEXT) {
            notes.forEach(measuring::warn); // stdout holds only the machine-readable document
            notes = List.of();
        }
        List<DeviceResults> perDevice = sessions.stream()
                .map(s -> new DeviceResults(s.context(), new RunResults("bandwidth", List.of(),
                        List.of()))).toList();
        List<PatternResult> measured = results;
        List<VerificationFailure> failed = failures;
        // The chosen pairs head the text's notes; the document has them in its parameters.
        List<String> said = plan.pairs().every() ? notes
                : Stream.concat(Stream.of(plan.pairs().line(indices)), notes.stream()).toList();
        return measuring.finish(perDevice, List.of(PatternRow.runResults(measured)), validated, new Rendering(
                () -> PatternText.render(sessions.stream().map(s -> s.context().headline()).toList(), indices,
                        measured, failed, said),
                () -> PatternCsv.render(measured),
                () -> document(sessions.stream().map(Session::context).toList(), indices,
                        plans, plan, measured, failed)), started);
    }

    /**
     * {@code --device all} (or a list) found one GPU: no pattern can run, and each planned one is
     * waived with {@code why} (nvbandwidth's waiver), in a one-GPU document without rows.
     */
    private FinishedRun waived(Session session, List<PatternPlan> plans, BandwidthPlan plan,
                               ExpectationSet expectations, String why) {
        ValidatedExpectations validated = measuring.validate(expectations, List.of());
        Instant started = Instant.now();
        List<Waiver> waived = waivers(plans, why);
        RunContext context = session.context();
        return measuring.finish(context, RunResults.of("bandwidth", List.of()).withWaived(waived), validated,
                new Rendering(() -> context.headline() + "\n" + String.join("\n", Waiver.lines(waived)) + "\n",
                        () -> PatternCsv.render(List.of()), () -> GpuDocument.of("bandwidth", context, PatternParameters.of(plans, plan),
                        List.of(), List.of()).withWaived(waived)), started);
    }

    /** Each planned pattern waived with {@code why}, named as its rows would be without their GPU. */
    static List<Waiver> waivers(List<PatternPlan> plans, String why) {
        return plans.stream().map(p -> new Waiver(p.form() + (!p.path().namedInLabels() ? ""
                : " " + p.path().label()) + " " + p.bytes() + " B", why)).distinct().toList();
    }

    /**
     * The document of a pattern run: each device's document (its context and the plan,
     * {@link PatternParameters}, no rows of its own), the whole run's parameters
     * ({@link PatternParameters.Run}), then {@code patterns}, one row per round ({@link PatternRow}),
     * and {@code failures} ({@link PatternExtras}).
     *
     * @param contexts each device's context, in the order of {@code indices}
     */
    public static DevicesDocument document(List<RunContext> contexts, List<Integer> indices,
                                        List<PatternPlan> plans, BandwidthPlan plan,
                                        List<PatternResult> results, List<VerificationFailure> failures) {
        PatternParameters parameters = PatternParameters.of(plans, plan);
        List<GpuDocument> devices = contexts.stream().map(c -> GpuDocument.of("bandwidth", c, parameters,
                List.of(), List.of())).toList();
        return DevicesDocument.of("bandwidth", parameters.across(indices, plans, plan.pairs()), devices)
                .withExtras(new PatternExtras(PatternRow.rows(results), Stream.concat(FailureRow.rows(failures).stream(),
                        PatternRow.failures(results).stream()).toList()));
    }
}
