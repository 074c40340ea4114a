package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.evidence.ConfidentialComputing;
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
 * {@code patterns} and {@code failures}. Confidential Computing's rules apply once, before any GPU
 * is asked anything ({@link ConfidentialComputingPatternRules}): what they forbid is waived, what
 * they leave runs marked.
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
        // The indices as each GPU's context read them when it was opened: no GPU is asked again.
        List<Integer> indices = sessions.stream().map(s -> s.context().device().index()).toList();
        if (sessions.size() < 2) {
            // One GPU runs no pattern at all: each is waived for that, whatever Confidential Computing says of it.
            return waived(sessions.getFirst(), plans, plan, expectations, PatternPlan.whyNone(indices).orElseThrow()
                    + "; --device " + measuring.devices().label() + " found it");
        }
        try {
            // --device all is known only now: pairs that do not fit the GPUs found are a usage error.
            plan.pairs().resolve(indices);
        } catch (IllegalArgumentException e) {
            throw new dev.xfer.app.run.UnusableOptionException(e.getMessage());
        }
        // The state is the system's: one set of rules for every pattern, applied before any GPU is asked anything.
        ConfidentialComputingPatternRules cc = ConfidentialComputingPatternRules.apply(plans,
                measuring.confidentialComputing());
        List<PatternPlan> kept = cc.kept();
        // --expect names only what is left: a name of a waived pattern is refused before anything is measured.
        ValidatedExpectations validated = measuring.validate(expectations, PatternPlan.declarations(kept, indices));
        // CC's state and marks: in the text, or on stderr beside a machine-readable document.
        List<String> ccNotes = measuring.runWideNotes(cc.notes());
        if (cc.nothingLeft()) {
            return waivedOnly(sessions, indices, plans, plan, ccNotes, cc.waived(), validated);
        }
        // One engine: the memory check, then the run.
        List<CudaDevice> devices = sessions.stream().map(Session::device).toList();
        PatternBenchmark engine = new PatternBenchmark(devices, (s, d) -> { }, plan.pairs());
        engine.checkFits(kept);
        Instant started = Instant.now();
        LiveRun live;
        List<PatternResult> results;
        List<VerificationFailure> failures;
        List<String> notes;
        var progress = measuring.progress();
        live = measuring.live();
        PatternTally tally = new PatternTally(live::kept);
        try {
            notes = engine.run(kept, plan.warmup(), plan.iterations(), progress, tally).notes();
        } catch (RunStopped stopped) {
            // The rounds measured and verified before the stop, in the tally, are the result.
            notes = List.of();
        }
        results = tally.results();
        failures = tally.failures();
        measuring.progressDone();
        if (measuring.format() != OutputFormat.TEXT) {
            notes.forEach(measuring::warn); // stdout holds only the machine-readable document
            notes = List.of();
        }
        List<DeviceResults> perDevice = noRowsOfTheirOwn(sessions);
        List<PatternResult> measured = results;
        List<VerificationFailure> failed = failures;
        List<Waiver> waived = cc.waived();
        // The chosen pairs head the text's notes, then CC's; the document has the pairs in its parameters.
        List<String> said = Stream.of(plan.pairs().every() ? List.<String>of() : List.of(plan.pairs().line(indices)),
                ccNotes, notes).flatMap(List::stream).toList();
        // The document's parameters are the patterns asked for: those CC waived are in its waivers, not its rows.
        return measuring.finish(perDevice, List.of(PatternRow.runResults(measured).withWaived(waived)), validated,
                new Rendering(
                () -> PatternText.render(headlines(sessions), indices, measured, failed, said, waived),
                () -> PatternCsv.render(measured),
                () -> document(sessions.stream().map(Session::context).toList(), indices,
                        plans, plan, measured, failed, waived)), started);
    }

    /**
     * Two GPUs or more, every pattern forbidden by Confidential Computing (the copy kernel over host
     * memory): a several-device document without rows, the waivers in it and one text line per
     * reason beside the notes, which gates read as NO RESULT; no GPU is asked anything.
     */
    private FinishedRun waivedOnly(List<Session> sessions, List<Integer> indices, List<PatternPlan> plans,
                                   BandwidthPlan plan, List<String> notes, List<Waiver> waived,
                                   ValidatedExpectations validated) {
        Instant started = Instant.now();
        return measuring.finish(noRowsOfTheirOwn(sessions), List.of(PatternRow.runResults(List.of()).withWaived(waived)),
                validated, new Rendering(() -> PatternText.waivedOnly(headlines(sessions), notes, waived),
                        () -> PatternCsv.render(List.of()),
                        () -> document(sessions.stream().map(Session::context).toList(), indices, plans, plan,
                                List.of(), List.of(), waived)), started);
    }

    /** Each GPU's results: none of its own, the rounds span the GPUs. */
    private static List<DeviceResults> noRowsOfTheirOwn(List<Session> sessions) {
        return sessions.stream().map(s -> new DeviceResults(s.context(), new RunResults("bandwidth", List.of(),
                List.of()))).toList();
    }

    private static List<String> headlines(List<Session> sessions) {
        return sessions.stream().map(s -> s.context().headline()).toList();
    }

    /**
     * {@code --device all} (or a list) found one GPU: no pattern can run, and each planned one is
     * waived with {@code why} (nvbandwidth's waiver), in a one-GPU document without rows, beside
     * Confidential Computing's state where it is on.
     */
    private FinishedRun waived(Session session, List<PatternPlan> plans, BandwidthPlan plan,
                               ExpectationSet expectations, String why) {
        ValidatedExpectations validated = measuring.validate(expectations, List.of());
        // Nothing runs, so CC marks nothing; its state is still said, as the one-GPU bandwidth run says it.
        List<String> notes = measuring.runWideNotes(ConfidentialComputing.on(measuring.confidentialComputing())
                .map(on -> ConfidentialComputing.marks(on, false, false)).orElse(List.of()));
        Instant started = Instant.now();
        List<Waiver> waived = PatternPlan.waivers(plans, why);
        RunContext context = session.context();
        return measuring.finish(context, RunResults.of("bandwidth", List.of()).withWaived(waived), validated,
                new Rendering(() -> PatternText.waivedOnly(List.of(context.headline()), notes, waived),
                        () -> PatternCsv.render(List.of()), () -> GpuDocument.of("bandwidth", context, PatternParameters.of(plans, plan),
                        List.of(), List.of()).withWaived(waived)), started);
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
        return document(contexts, indices, plans, plan, results, failures, List.of());
    }

    /**
     * {@link #document(List, List, List, BandwidthPlan, List, List)} with {@code waived}: the planned
     * patterns this machine does not run (Confidential Computing forbids them), after the rows.
     */
    public static DevicesDocument document(List<RunContext> contexts, List<Integer> indices,
                                        List<PatternPlan> plans, BandwidthPlan plan,
                                        List<PatternResult> results, List<VerificationFailure> failures,
                                        List<Waiver> waived) {
        PatternParameters parameters = PatternParameters.of(plans, plan);
        List<GpuDocument> devices = contexts.stream().map(c -> GpuDocument.of("bandwidth", c, parameters,
                List.of(), List.of())).toList();
        return DevicesDocument.of("bandwidth", parameters.across(indices, plans, plan.pairs()), devices)
                .withExtras(new PatternExtras(PatternRow.rows(results), Stream.concat(FailureRow.rows(failures).stream(),
                        PatternRow.failures(results).stream()).toList())).withWaived(waived);
    }
}
