package dev.xfer.app.commands;

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
import dev.xfer.app.topology.LinkHealth;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
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
import java.util.stream.IntStream;

/**
 * {@code xfer smoke}: the hardware smoke check for CI after provisioning or a driver update.
 * Runs a short version of every measurement with thresholds relative to the hardware and prints
 * one PASS/FAIL line per check.
 */
@Command(header = "CI hardware smoke check: link, bandwidth, overlap and copy checks with hardware-relative thresholds.", name = "smoke", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"One command for CI hardware smoke runs on any NVIDIA GPU: the link, pinned and pageable",
                "bandwidth (64MiB), overlap (async.cu defaults) and the synchronized copy checks, with thresholds",
                "relative to the hardware. One line per check; exit 0 when all pass, 1 otherwise."})
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

    @Option(names = "--json", description = {"Print a JSON document (what xfer fleet and compare read); the PASS/FAIL lines",
            "then go to stderr, or stay on stdout with --output."})
    private boolean json;

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the JSON document to FILE (atomically), also when CUDA is not usable (exit 3).")
    private Path output;

    @Option(names = "--openmetrics", paramLabel = "FILE",
            description = "Also write the results in the OpenMetrics text format (node_exporter's textfile collector).")
    private Path openMetrics;

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
        // The names do not depend on the device: a typo exits 2 before CUDA is loaded.
        EarlyNames.validate(ExpectationSet.parse(extra), SmokePlan.standard().declare(true), DeviceSelection.DEFAULT);
        Instant started = Instant.now();
        boolean document = json || output != null;
        boolean documentOnStdout = json && output == null || outputTarget != null && outputTarget.isStdout();
        PrintWriter out = documentOnStdout ? spec.commandLine().getErr() : spec.commandLine().getOut();
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        List<Map<String, Object>> documents = new ArrayList<>();
        boolean passed = true;
        showProgress = !progressOff && (progressForced || dev.xfer.app.cli.StderrTerminal.isTerminal());
        try {
            for (int index : devices()) {
                passed &= smoke(index, out, suites, documents);
            }
        } catch (RuntimeException e) {
            if (document && ErrorReport.exitCode(e) == ExitCode.CUDA_UNAVAILABLE) {
                // A node without a usable GPU still reports, so a fleet run sees it rather than a gap.
                writeDocument(SmokeDocument.unusable(root, started, ErrorReport.line(e).replaceFirst("^xfer: ", "")));
            }
            throw e;
        }
        if (document) {
            writeDocument(SmokeDocument.of(documents, passed));
        }
        if (openMetricsTarget != null) {
            write(openMetricsTarget, OpenMetrics.render(new DocumentReader().runs(openMetrics,
                    Json.parse(Json.write(SmokeDocument.of(documents, passed))))));
        }
        if (junitTarget != null) {
            write(junitTarget, JUnitXml.render(suites));
        }
        out.println(passed ? "smoke: PASS" : "smoke: FAIL");
        out.flush();
        return passed ? ExitCode.OK : ExitCode.CHECK_FAILED;
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
        try {
            return List.of(Integer.parseInt(device.strip()));
        } catch (NumberFormatException e) {
            throw new UsageException("--device takes a GPU index or all, not '" + device + "'");
        }
    }

    private boolean smoke(int index, PrintWriter out, List<JUnitXml.TestSuite> suites, List<Map<String, Object>> documents) {
        Instant started = Instant.now();
        var session = MeasuringCommand.open(root, index);
        RunContext context = session.context();
        String who = "device " + index + " (" + context.device().name() + ")";
        OptionalDouble link = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());

        SmokePlan plan = SmokePlan.standard();
        BandwidthPlan bandwidth = plan.bandwidth();
        OverlapPlan overlap = plan.overlap();
        CheckPlan check = plan.check();
        List<MetricDeclaration> declared = plan.declare(link.isPresent());
        List<String> texts = new ArrayList<>(SmokeExpectations.defaults(link.isPresent()));
        texts.addAll(extra);
        ValidatedExpectations expectations = ExpectationSet.parse(texts).validate(declared);

        // Erased before this device's lines are printed: they may share stderr with it.
        java.util.Optional<StatusLine> line = showProgress
                ? java.util.Optional.of(new StatusLine(spec.commandLine().getErr(), () -> "")) : java.util.Optional.empty();
        BandwidthReport bandwidthReport;
        RunResults bandwidthResults;
        OverlapReport overlapReport;
        RunResults overlapResults;
        CheckReport checkReport;
        RunResults checkResults;
        try {
            Progress progress = (done, total, what) -> {
                root.activity().set("smoke " + who + ": " + what);
                line.ifPresent(l -> l.show(done, total, "smoke device " + index + ": " + what));
            };
            var bw = new BandwidthBenchmark(session.device(), link, progress, s -> { }).run(bandwidth);
            bandwidthReport = new BandwidthReport(context, bandwidth, bw.results(), bw.failures(), List.of());
            bandwidthResults = BandwidthMetrics.results(bandwidthReport, link);
            var ov = new OverlapBenchmark(session.device(), progress).run(overlap);
            overlapReport = new OverlapReport(context, overlap, ov.model(), ov.results());
            overlapResults = OverlapMetrics.results(overlapReport);
            checkReport = new CheckReport(context, check, new CheckExperiment(session.device(), progress).run(check));
            checkResults = CheckMetrics.results(checkReport);
        } finally {
            line.ifPresent(StatusLine::close);
        }
        RunResults linkResults = linkResults(context);

        List<RunResults> runs = List.of(linkResults, bandwidthResults, overlapResults, checkResults);
        List<dev.xfer.app.expect.Metric> metrics = new ArrayList<>();
        runs.forEach(r -> metrics.addAll(r.metrics()));
        List<ExpectationOutcome> outcomes = expectations.evaluate(metrics);

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
        if (link.isEmpty()) {
            out.println(who + ": note: PCIe link rate unknown here (no sysfs entry): no %link threshold applied");
        }
        out.flush();
        suites.addAll(JUnitReport.suites(context, runs, outcomes, Duration.between(started, Instant.now())));
        documents.add(SmokeDocument.device(context, bandwidthReport, overlapReport, checkReport, runs, outcomes, passed));
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
