package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.BandwidthBenchmark;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.check.CheckExperiment;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.evidence.DisturbanceRules;
import dev.xfer.app.evidence.EvidenceRecorder;
import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.overlap.OverlapBenchmark;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.output.RowHints;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.run.Activity;
import dev.xfer.app.run.Session;
import dev.xfer.app.run.StatusLine;
import dev.xfer.app.sysfs.LinkHealth;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;

/**
 * {@code xfer smoke}'s run over its GPUs: each device opened, measured (bandwidth, overlap, the
 * copy checks) one after another or all at once, then judged against the built-in and extra
 * thresholds and printed one PASS/FAIL line per check, with its JUnit suites and document. The
 * command's outputs (document, JUnit, OpenMetrics) are the command's to write.
 */
public final class SmokeRun {
    private final SmokePlan plan;
    private final List<String> extra;
    private final IntFunction<Session> opener;
    private final Activity activity;
    private final Optional<PrintWriter> statusTo;
    private final GpuProbes probes;
    private final RowHints hints;

    /**
     * @param extra    the --expect texts, checked against every device with the built-in thresholds
     * @param opener   opens a device by CUDA index (CUDA loaded on first use)
     * @param activity what the run is doing now, for the time limit's message
     * @param statusTo where the progress line goes (stderr) when it is shown; a run of several GPUs
     *                 at once shows none
     */
    public SmokeRun(SmokePlan plan, List<String> extra, IntFunction<Session> opener, Activity activity,
                    Optional<PrintWriter> statusTo) {
        this(plan, extra, opener, activity, statusTo, GpuProbes.unavailable("no GPU probe was given to this run"));
    }

    /**
     * @param probes reads each GPU's evidence (clocks, link, processes, memory health) through its
     *               run; a GPU it finds disturbed turns a failed check into "re-run" (exit 6)
     */
    public SmokeRun(SmokePlan plan, List<String> extra, IntFunction<Session> opener, Activity activity,
                    Optional<PrintWriter> statusTo, GpuProbes probes) {
        this(plan, extra, opener, activity, statusTo, probes, RowHints.none());
    }

    /** @param hints the line a GPU whose bandwidth rows ran far below its link prints after its PASS/FAIL lines */
    public SmokeRun(SmokePlan plan, List<String> extra, IntFunction<Session> opener, Activity activity,
                    Optional<PrintWriter> statusTo, GpuProbes probes, RowHints hints) {
        this.probes = probes;
        this.hints = hints;
        this.plan = plan;
        this.extra = List.copyOf(extra);
        this.opener = opener;
        this.activity = activity;
        this.statusTo = statusTo;
    }

    /**
     * What the GPUs' runs came to: whether every check passed, each device's JUnit suites and
     * document, and whether every GPU that failed was disturbed (then the failure means re-run:
     * exit 6, not 1).
     */
    public record Judged(boolean passed, List<JUnitXml.TestSuite> suites, List<SmokeDocument.Device> documents,
                         boolean failedOnlyWhereDisturbed) {
        public Judged(boolean passed, List<JUnitXml.TestSuite> suites, List<SmokeDocument.Device> documents) {
            this(passed, suites, documents, false);
        }
    }

    /**
     * Measures the GPUs {@code indices}, all at once when {@code atOnce}, else one after another,
     * and judges and prints each on {@code out} in device order.
     */
    public Judged run(List<Integer> indices, boolean atOnce, PrintWriter out) {
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        List<SmokeDocument.Device> documents = new ArrayList<>();
        boolean passed = true;
        boolean undisturbedFailure = false;
        Lock link = new ReentrantLock();
        List<Measured> all = new ArrayList<>();
        if (atOnce) {
            all.addAll(measureAtOnce(indices, plan, link));
        }
        for (int k = 0; k < indices.size(); k++) {
            // One after another, each GPU is reported before the next is measured.
            Measured measured = atOnce ? all.get(k) : measure(indices.get(k), plan, link);
            boolean ok = report(measured, out, suites, documents);
            passed &= ok;
            undisturbedFailure |= !ok && !measured.evidence().disturbed();
        }
        return new Judged(passed, suites, documents, !passed && !undisturbedFailure);
    }

    /** One device's smoke run, measured and not yet judged or printed. */
    private record Measured(RunContext context, int index, BandwidthResults bandwidth, RunResults bandwidthResults,
                            OverlapResults overlap, RunResults overlapResults, CheckResults check,
                            RunResults checkResults, ValidatedExpectations expectations, OptionalDouble link,
                            SmokeTimes seconds, GpuEvidence evidence) {
        String who() {
            return "device " + index + " (" + context.device().name() + ")";
        }
    }

    /**
     * Every GPU on its own daemon thread (a stuck CUDA call must not keep the process alive past
     * --timeout), results in device order; the first device's failure, in that order, is thrown
     * once all have ended.
     */
    private List<Measured> measureAtOnce(List<Integer> indices, SmokePlan plan, Lock link) {
        List<Future<Measured>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newThreadPerTaskExecutor(
                Thread.ofPlatform().daemon(true).name("xfer-smoke-", 0).factory())) {
            for (int index : indices) {
                futures.add(pool.submit(() -> measure(index, plan, link)));
            }
        }
        List<Measured> measured = new ArrayList<>();
        for (Future<Measured> future : futures) {
            try {
                measured.add(future.get());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the GPUs' smoke runs", e);
            }
        }
        return measured;
    }

    /**
     * Measures one device. The rate measurements (bandwidth and overlap) hold {@code link}, so in a
     * concurrent run no other GPU's copies share a PCIe switch or host memory with them; the
     * device's set-up and its copy checks, which judge data and not rates, run beside the others'.
     */
    private Measured measure(int index, SmokePlan plan, Lock link) {
        long t0 = System.nanoTime();
        // The probe opens (NVML) on the recorder's thread while CUDA starts and creates the context
        // here, which moves nothing on the link: that is the window before the first configuration.
        EvidenceRecorder recorder = EvidenceRecorder.startBeforeCuda(() -> probes, index, true);
        Session session;
        // The host loops are compiled meanwhile, and done before the first configuration starts.
        try (HostLoopWarmup compiling = HostLoopWarmup.start()) {
            session = opener.apply(index);
        } catch (RuntimeException e) {
            recorder.close();
            throw e;
        }
        RunContext context = session.context();
        recorder.identified(new GpuProbes.Target(index, context.device().normalizedBusId(), context.device().uuid()));
        String who = "device " + index + " (" + dev.xfer.app.format.TerminalText.field(context.device().name()) + ")";
        OptionalDouble linkRate = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());

        BandwidthPlan bandwidth = plan.bandwidth();
        OverlapPlan overlap = plan.overlap();
        CheckPlan check = plan.check();
        List<MetricDeclaration> declared = plan.declare(linkRate.isPresent());
        List<String> texts = new ArrayList<>(SmokeExpectations.defaults(linkRate.isPresent()));
        texts.addAll(extra);
        ValidatedExpectations expectations = ExpectationSet.parse(texts).validate(declared);

        // Erased before this device's lines are printed: they may share stderr with it.
        Optional<StatusLine> line = statusTo.map(err -> new StatusLine(err, () -> ""));
        long t1;
        long t2;
        long t3;
        long t4;
        long t5;
        try {
            session.device().makeCurrent();
            recorder.phaseStarted("setup");
            t1 = System.nanoTime();
            Progress progress = new Progress() {
                @Override
                public void measuring(int done, int total, String what) {
                    // Between configurations: no timed window is open.
                    recorder.phaseStarted(what);
                    activity.set("smoke " + who + ": " + what);
                    line.ifPresent(l -> l.show(done, total, "smoke device " + index + ": " + what));
                }

                @Override
                public void moved(int device, long toDevice, long fromDevice) {
                    recorder.moved(toDevice, fromDevice);
                }
            };
            BandwidthResults bandwidthReport;
            OverlapResults overlapReport;
            link.lock();
            try {
                t2 = System.nanoTime();
                var bw = new BandwidthBenchmark(session.device(), linkRate).run(bandwidth, progress);
                bandwidthReport = new BandwidthResults(context, bandwidth, bw.results(), bw.failures(), List.of(),
                        HostPlacement.none(), bw.unmeasured());
                t3 = System.nanoTime();
                var ov = new OverlapBenchmark(session.device()).run(overlap, progress);
                overlapReport = new OverlapResults(context, overlap, ov.model(), ov.results());
                t4 = System.nanoTime();
            } finally {
                link.unlock();
            }
            CheckResults checkReport = new CheckResults(context, check, new CheckExperiment(session.device(), progress).run(check));
            t5 = System.nanoTime();
            recorder.idle();
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            SmokeTimes seconds = new SmokeTimes((t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9,
                    (t5 - t4) / 1e9);
            return new Measured(context, index, bandwidthReport, bandwidthReport.runResults(linkRate),
                    overlapReport, overlapReport.runResults(), checkReport, checkReport.runResults(),
                    expectations, linkRate, seconds, evidence);
        } finally {
            recorder.close();
            line.ifPresent(StatusLine::close);
        }
    }

    /** Judges and prints one measured device, and adds its JUnit suites and document. */
    private boolean report(Measured m, PrintWriter out, List<JUnitXml.TestSuite> suites, List<SmokeDocument.Device> documents) {
        String who = m.who();
        RunResults linkResults = linkResults(m.context());
        List<RunResults> runs = List.of(linkResults, m.bandwidthResults(), m.overlapResults(), m.checkResults());
        List<dev.xfer.app.expect.Metric> metrics = new ArrayList<>();
        runs.forEach(r -> metrics.addAll(r.metrics()));
        List<ExpectationOutcome> outcomes = m.expectations().evaluate(metrics);

        boolean passed = true;
        for (RunResults run : runs) {
            for (MeasuredConfiguration c : run.configurations()) {
                if (!c.passed()) {
                    out.println(who + ": FAIL " + c.name() + ": " + c.failure().orElseThrow());
                    passed = false;
                } else if (run == linkResults) {
                    out.println(who + ": PASS " + c.name() + ": " + c.summary());
                }
            }
        }
        long verified = runs.stream().filter(r -> r != linkResults)
                .flatMap(r -> r.configurations().stream()).filter(MeasuredConfiguration::passed).count();
        out.println(who + ": " + (passed ? "PASS" : "note:") + " data verified in " + verified + " configurations");
        for (ExpectationOutcome o : outcomes) {
            out.println(who + ": " + o.line());
            passed &= o.passed();
        }
        if (m.link().isEmpty()) {
            out.println(who + ": note: PCIe link rate unknown here (no sysfs entry): no %link threshold applied");
        }
        if (m.evidence().line().isPresent()) {
            out.println(who + ": " + (passed ? "note: " : "DISTURBED: ")
                    + dev.xfer.app.format.TerminalText.field(m.evidence().line().get()) + (passed ? "" : " (re-run)"));
        }
        hints.hint(m.context(), m.bandwidthResults(), m.evidence().line())
                .ifPresent(h -> out.println(who + ": " + dev.xfer.app.format.TerminalText.field(h)));
        out.flush();
        // Each suite its own phase's time (the link is read, not timed), so they add up to no more than the run.
        SmokeTimes t = m.seconds();
        suites.addAll(RunJUnit.suites(m.context(), runs,
                List.of(Duration.ZERO, seconds(t.bandwidth()), seconds(t.overlap()), seconds(t.check())), outcomes));
        RunJUnit.disturbances(m.index(), m.context(), m.evidence().disturbances()).ifPresent(suites::add);
        documents.add(SmokeDocument.device(m.context(), m.bandwidth(), m.overlap(), m.check(), runs,
                outcomes, passed, m.seconds()).withEvidence(m.evidence()));
        return passed;
    }

    private static Duration seconds(double seconds) {
        return Duration.ofNanos(Math.max(0, Math.round(seconds * 1e9)));
    }

    /** The link as a check of its own: a card that trained below its maximum width fails. */
    private static RunResults linkResults(RunContext context) {
        Optional<MeasuredConfiguration> configuration = context.device().pci().map(LinkHealth::of)
                .filter(LinkHealth::isKnown)
                .map(h -> new MeasuredConfiguration("link", h.describe(),
                        h.isWidthReduced() ? Optional.of("link trained below its maximum width: " + h.describe())
                                : Optional.empty()));
        return new RunResults("link", List.of(), configuration.stream().toList());
    }
}
