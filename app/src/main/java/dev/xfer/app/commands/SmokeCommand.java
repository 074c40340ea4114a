package dev.xfer.app.commands;

import dev.xfer.app.run.EarlyNames;
import dev.xfer.app.run.Outputs;
import dev.xfer.app.run.StatusLine;
import dev.xfer.app.bandwidth.BandwidthBenchmark;
import dev.xfer.app.bandwidth.BandwidthMetrics;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthReport;
import dev.xfer.app.check.CheckExperiment;
import dev.xfer.app.check.CheckMetrics;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckReport;
import dev.xfer.app.cli.ErrorReport;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.OpenMetrics;
import dev.xfer.app.report.Json;
import dev.xfer.app.smoke.SmokeDocument;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.overlap.OverlapBenchmark;
import dev.xfer.app.overlap.OverlapMetrics;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapReport;
import dev.xfer.app.report.OutputTarget;
import dev.xfer.app.report.JUnitXml;
import dev.xfer.app.results.JUnitReport;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunContext;
import dev.xfer.app.results.RunResults;
import dev.xfer.app.smoke.SmokeExpectations;
import dev.xfer.app.smoke.SmokePlan;
import dev.xfer.app.smoke.SmokeTimes;
import dev.xfer.app.topology.LinkHealth;
import dev.xfer.app.cli.CudaOptions;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;

/**
 * {@code xfer smoke}: the hardware smoke check for CI after provisioning or a driver update.
 * Runs a short version of every measurement with thresholds relative to the hardware and prints
 * one PASS/FAIL line per check.
 */
@Command(header = "CI hardware smoke check: link, bandwidth, overlap and copy checks with hardware-relative thresholds.", name = "smoke", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"One command for CI hardware smoke runs on any NVIDIA GPU: the link, pinned and pageable "
                + "bandwidth (64MiB), overlap (async.cu defaults) and the synchronized copy checks, with thresholds "
                + "relative to the hardware. One line per check; exit 0 when all pass, 1 otherwise."})
public final class SmokeCommand implements Callable<Integer> {
    @ParentCommand
    private GlobalOptions root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "N|all", description = "A GPU index, or all (default 0).")
    private String device = "0";

    @Option(names = "--junit", paramLabel = "FILE", description = "Write a JUnit XML report of every check.")
    private Path junit;

    @Option(names = "--expect", paramLabel = "EXPR",
            description = "An extra threshold, repeatable, as on the measuring commands.")
    private List<String> extra = new ArrayList<>();

    @Option(names = "--json", description = {"Print a JSON document (what xfer fleet and compare read); the PASS/FAIL lines "
            + "then go to stderr, or stay on stdout with --output."})
    private boolean json;

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the JSON document to FILE (atomically), also when CUDA is not usable (exit 3).")
    private Path output;

    @Option(names = "--openmetrics", paramLabel = "FILE",
            description = "Also write the results in the OpenMetrics text format (node_exporter's textfile collector).")
    private Path openMetrics;

    @Option(names = "--quick", description = "The quick profile, for a scheduler's health check: pinned copies on 3"
            + " allocations, the overlap schedules and the synchronized checks, well under a second of GPU work per GPU.")
    private boolean quick;

    @Option(names = "--concurrent", description = "With several GPUs, smoke them at once, each on its own thread; their"
            + " rate measurements (bandwidth, overlap) still take turns, so a shared PCIe switch or host memory cannot"
            + " lower them (default: one GPU after another).")
    private boolean concurrent;

    @Option(names = "--progress", description = "Show the progress line on stderr even when it is not a terminal.")
    private boolean progressForced;

    @Option(names = "--no-progress", description = "Never show the progress line (shown by default when stderr is a terminal).")
    private boolean progressOff;

    /** The output options resolved by {@link #call()} before anything is measured; null when not given. */
    private OutputTarget outputTarget;
    private OutputTarget junitTarget;
    private OutputTarget openMetricsTarget;

    /** Whether the progress line is shown on stderr while a device is measured. */
    private boolean showProgress;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaOptions cudaOptions;

    @Override
    public Integer call() {
        if (progressForced && progressOff) {
            throw new UsageException("--progress and --no-progress exclude each other");
        }
        outputTarget = Outputs.resolve("--output", output);
        junitTarget = Outputs.resolve("--junit", junit);
        openMetricsTarget = Outputs.resolve("--openmetrics", openMetrics);
        Outputs.requireApart(outputTarget, junitTarget, openMetricsTarget);
        Outputs.requireNoDocumentReplaced(junitTarget, openMetricsTarget);
        SmokePlan plan = quick ? SmokePlan.quick() : SmokePlan.standard();
        // The names do not depend on the device: a typo exits 2 before CUDA is loaded.
        EarlyNames.validate(ExpectationSet.parse(extra), plan.declare(true), DeviceSelection.DEFAULT);
        Instant started = Instant.now();
        boolean document = json || output != null;
        boolean documentOnStdout = json && output == null || outputTarget != null && outputTarget.isStdout();
        PrintWriter out = documentOnStdout ? spec.commandLine().getErr() : spec.commandLine().getOut();
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        List<Map<String, Object>> documents = new ArrayList<>();
        boolean passed = true;
        boolean atOnce;
        try {
            List<Integer> indices = devices();
            atOnce = concurrent && indices.size() > 1;
            // One progress line cannot follow several GPUs at once.
            showProgress = !atOnce && !progressOff && (progressForced || dev.xfer.app.cli.StderrTerminal.isTerminal());
            Lock link = new ReentrantLock();
            if (atOnce) {
                for (Measured measured : measureAtOnce(indices, plan, link)) {
                    passed &= report(measured, out, suites, documents);
                }
            } else {
                for (int index : indices) {
                    passed &= report(measure(index, plan, link), out, suites, documents);
                }
            }
        } catch (RuntimeException e) {
            if (document && ErrorReport.exitCode(e) == ExitCode.CUDA_UNAVAILABLE) {
                // A node without a usable GPU still reports, so a fleet run sees it rather than a gap.
                writeDocument(SmokeDocument.unusable(XferVersion.xferVersion(), MeasuringCommand.hostName(), root.label(),
                        started, ErrorReport.line(e).replaceFirst("^xfer: ", "")));
            }
            throw e;
        }
        SmokeDocument.SmokeRun run = new SmokeDocument.SmokeRun(plan.profile(), atOnce, secondsSince(started),
                ProcessHandle.current().info().startInstant().map(t -> OptionalDouble.of(secondsSince(t)))
                        .orElse(OptionalDouble.empty()));
        if (document) {
            writeDocument(SmokeDocument.of(documents, passed, run));
        }
        if (openMetricsTarget != null) {
            write(openMetricsTarget, OpenMetrics.render(new DocumentReader().runs(openMetrics,
                    Json.parse(Json.write(SmokeDocument.of(documents, passed, run))))));
        }
        if (junitTarget != null) {
            write(junitTarget, JUnitXml.render(suites));
        }
        out.println(String.format(java.util.Locale.ROOT, "smoke: %s profile, %d GPU%s %s, %.2f s", plan.profile(),
                documents.size(), documents.size() == 1 ? "" : "s", atOnce ? "at once" : "one after another",
                run.runSeconds()));
        out.println(passed ? "smoke: PASS" : "smoke: FAIL");
        out.flush();
        return passed ? ExitCode.OK : ExitCode.CHECK_FAILED;
    }

    private static double secondsSince(Instant start) {
        return Duration.between(start, Instant.now()).toNanos() / 1e9;
    }

    private void writeDocument(Map<String, Object> doc) {
        String text = Json.write(doc);
        if (outputTarget != null) {
            write(outputTarget, text);
        } else {
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(text);
            stdout.flush();
        }
    }

    private void write(OutputTarget target, String content) {
        Outputs.write(target, content, spec.commandLine().getOut());
    }

    private List<Integer> devices() {
        if (device.strip().equalsIgnoreCase("all")) {
            return IntStream.range(0, root.cuda().deviceCount()).boxed().toList();
        }
        int index;
        try {
            index = Integer.parseInt(device.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("--device takes a GPU index or all, not '" + device + "'");
        }
        if (index < 0) {
            throw new UsageException("--device: a GPU index is 0 or more, not " + index);
        }
        return List.of(index);
    }

    /** One device's smoke run, measured and not yet judged or printed. */
    private record Measured(RunContext context, int index, BandwidthReport bandwidth, RunResults bandwidthResults,
                            OverlapReport overlap, RunResults overlapResults, CheckReport check,
                            RunResults checkResults, ValidatedExpectations expectations, OptionalDouble link,
                            SmokeTimes seconds) {
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
        var session = MeasuringCommand.open(root, index);
        session.device().makeCurrent();
        RunContext context = session.context();
        String who = "device " + index + " (" + dev.xfer.app.report.TerminalText.field(context.device().name()) + ")";
        OptionalDouble linkRate = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());

        BandwidthPlan bandwidth = plan.bandwidth();
        OverlapPlan overlap = plan.overlap();
        CheckPlan check = plan.check();
        List<MetricDeclaration> declared = plan.declare(linkRate.isPresent());
        List<String> texts = new ArrayList<>(SmokeExpectations.defaults(linkRate.isPresent()));
        texts.addAll(extra);
        ValidatedExpectations expectations = ExpectationSet.parse(texts).validate(declared);

        // Erased before this device's lines are printed: they may share stderr with it.
        java.util.Optional<StatusLine> line = showProgress
                ? java.util.Optional.of(new StatusLine(spec.commandLine().getErr(), () -> "")) : java.util.Optional.empty();
        long t1 = System.nanoTime();
        long t2;
        long t3;
        long t4;
        long t5;
        try {
            Progress progress = (done, total, what) -> {
                root.activity().set("smoke " + who + ": " + what);
                line.ifPresent(l -> l.show(done, total, "smoke device " + index + ": " + what));
            };
            BandwidthReport bandwidthReport;
            OverlapReport overlapReport;
            link.lock();
            try {
                t2 = System.nanoTime();
                var bw = new BandwidthBenchmark(session.device(), linkRate, progress, s -> { }).run(bandwidth);
                bandwidthReport = new BandwidthReport(context, bandwidth, bw.results(), bw.failures(), List.of());
                t3 = System.nanoTime();
                var ov = new OverlapBenchmark(session.device(), progress).run(overlap);
                overlapReport = new OverlapReport(context, overlap, ov.model(), ov.results());
                t4 = System.nanoTime();
            } finally {
                link.unlock();
            }
            CheckReport checkReport = new CheckReport(context, check, new CheckExperiment(session.device(), progress).run(check));
            t5 = System.nanoTime();
            SmokeTimes seconds = new SmokeTimes((t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9,
                    (t5 - t4) / 1e9);
            return new Measured(context, index, bandwidthReport, BandwidthMetrics.results(bandwidthReport, linkRate),
                    overlapReport, OverlapMetrics.results(overlapReport), checkReport, CheckMetrics.results(checkReport),
                    expectations, linkRate, seconds);
        } finally {
            line.ifPresent(StatusLine::close);
        }
    }

    /** Judges and prints one measured device, and adds its JUnit suites and document. */
    private boolean report(Measured m, PrintWriter out, List<JUnitXml.TestSuite> suites, List<Map<String, Object>> documents) {
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
        out.flush();
        suites.addAll(JUnitReport.suites(m.context(), runs, outcomes, Duration.ofNanos((long) (m.seconds().total() * 1e9))));
        documents.add(SmokeDocument.device(m.context(), m.bandwidth(), m.overlap(), m.check(), runs, outcomes, passed,
                m.seconds()));
        return passed;
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
