package dev.xfer.app.smoke.command;

import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.run.EarlyNames;
import dev.xfer.app.run.Outputs;
import dev.xfer.app.run.Session;
import dev.xfer.app.cli.DeviceListConverter;
import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.Stopped;
import dev.xfer.app.smoke.SmokeDocument;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.smoke.SmokePlan;
import dev.xfer.app.cli.StderrTerminal;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.smoke.SmokeRun;
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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

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

    @Option(names = "--device", paramLabel = "N|all|LIST", converter = DeviceListConverter.class,
            description = "A GPU index (default 0), all, or a list such as 0,2,3, as on the measuring commands.")
    private DeviceSelection device = DeviceSelection.DEFAULT;

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
            + " allocations, the overlap schedules and the synchronized checks: about 1.4 to 1.5 s of GPU work per GPU, of which"
            + " NVML's evidence costs none (an H100 on 2026-12-07: 1.42 s with it, 1.47 s without, medians of 10; an H200 on"
            + " 2026-12-07, before the check's warm-up: 1.58 s).")
    private boolean quick;

    @Option(names = "--concurrent", description = "With several GPUs, smoke them at once, each on its own thread; their"
            + " rate measurements (bandwidth, overlap) still take turns, so a shared PCIe switch or host memory cannot"
            + " lower them (default: one GPU after another).")
    private boolean concurrent;

    @Option(names = "--progress", description = "Show the progress line on stderr even when it is not a terminal.")
    private boolean progressForced;

    @Option(names = "--no-progress", description = "Never show the progress line (shown by default when stderr is a terminal).")
    private boolean progressOff;

    @dev.xfer.app.cli.OptionRange(min = 1, max = MeasuringMixin.MAX_RUNS)
    @Option(names = "--runs", paramLabel = "N", converter = MeasuringMixin.RunsConverter.class,
            description = {"Smoke N times, 1 to 1000 (default 1), each repetition on fresh host allocations in a fresh "
                    + "CUDA context; PASS only when every repetition passes (see docs/methodology.md)."})
    private int runs = 1;

    /** The output options resolved by {@link #call()} before anything is measured; null when not given. */
    private OutputTarget outputTarget;
    private OutputTarget junitTarget;
    private OutputTarget openMetricsTarget;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

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
        if (outputTarget == null) {
            Outputs.requireStdoutFree("the results without --output (text or --json)", junitTarget, openMetricsTarget);
        }
        SmokePlan plan = quick ? SmokePlan.quick() : SmokePlan.standard();
        // The names do not depend on the device: a typo exits 2 before CUDA is loaded.
        EarlyNames.validate(ExpectationSet.parse(extra), plan.declare(true), DeviceSelection.DEFAULT);
        Instant started = Instant.now();
        boolean document = json || output != null;
        boolean documentOnStdout = json && output == null || outputTarget != null && outputTarget.isStdout();
        if (documentOnStdout) {
            dev.xfer.app.format.StandardStream.carriesDocument(spec.commandLine().getOut()); // UTF-8 whatever the locale
        }
        // The summary lines keep off a stdout that carries another output (--junit -).
        boolean stdoutTaken = documentOnStdout || junitTarget != null && junitTarget.isStdout()
                || openMetricsTarget != null && openMetricsTarget.isStdout();
        PrintWriter out = stdoutTaken ? spec.commandLine().getErr() : spec.commandLine().getOut();
        SmokeRun.Judged judged;
        boolean atOnce;
        try {
            List<Integer> indices = devices();
            atOnce = concurrent && indices.size() > 1;
            // One progress line cannot follow several GPUs at once.
            boolean showProgress = !atOnce && !progressOff && (progressForced || StderrTerminal.isTerminal());
            if (runs > 1) {
                return repeated(plan, indices, atOnce, showProgress, out, document, started);
            }
            judged = new SmokeRun(plan, extra, index -> MeasuringMixin.open(root, index), root.activity(),
                    showProgress ? Optional.of(spec.commandLine().getErr()) : Optional.empty(), root.probes(), new dev.xfer.app.doctor.SysfsHints(java.nio.file.Path.of("/sys")))
                    .run(indices, atOnce, out);
        } catch (RuntimeException e) {
            if (document && ErrorLine.exitCode(e) == ExitCode.CUDA_UNAVAILABLE) {
                // A node without a usable GPU still reports, so a fleet run sees it rather than a gap.
                writeDocument(SmokeDocument.unusable(XferVersion.xferVersion(), Session.hostName(), root.label(),
                        started, ErrorLine.line(e).replaceFirst("^xfer: ", "")));
            }
            throw e;
        }
        boolean passed = judged.passed();
        List<SmokeDocument.Device> documents = judged.documents();
        SmokeDocument.SmokeRun run = new SmokeDocument.SmokeRun(plan.profile(), atOnce, secondsSince(started),
                ProcessHandle.current().info().startInstant().map(t -> OptionalDouble.of(secondsSince(t)))
                        .orElse(OptionalDouble.empty()));
        if (document) {
            writeDocument(SmokeDocument.of(documents, passed, run));
        }
        if (openMetricsTarget != null) {
            write(openMetricsTarget, OpenMetrics.render(SmokeDocument.results(openMetrics,
                    SmokeDocument.of(documents, passed, run))));
        }
        if (junitTarget != null) {
            write(junitTarget, JUnitXml.render(judged.suites()));
        }
        out.println(String.format(java.util.Locale.ROOT, "smoke: %s profile, %d GPU%s %s, %.2f s", plan.profile(),
                documents.size(), documents.size() == 1 ? "" : "s", atOnce ? "at once" : "one after another",
                run.runSeconds()));
        out.println(passed ? "smoke: PASS" : judged.failedOnlyWhereDisturbed()
                ? "smoke: DISTURBED (a check failed on a disturbed GPU: nothing judged, re-run)" : "smoke: FAIL");
        out.flush();
        return passed ? ExitCode.OK : judged.failedOnlyWhereDisturbed() ? ExitCode.DISTURBED : ExitCode.CHECK_FAILED;
    }

    /**
     * {@code --runs N} (N > 1): the smoke run N times, each repetition on devices opened anew in a
     * fresh primary context (the devices the one before opened are reset first, its resources all
     * closed). A signal or the time limit between two repetitions ends the run there, keeping the
     * repetitions done, marked incomplete; within one it ends as a run without --runs does.
     */
    private int repeated(SmokePlan plan, List<Integer> indices, boolean atOnce, boolean showProgress, PrintWriter out,
                         boolean document, Instant started) {
        List<Session> opened = java.util.Collections.synchronizedList(new ArrayList<>());
        SmokeRun smoke = new SmokeRun(plan, extra, index -> {
            Session s = MeasuringMixin.open(root, index);
            opened.add(s);
            return s;
        }, root.activity(), showProgress ? Optional.of(spec.commandLine().getErr()) : Optional.empty(), root.probes(), new dev.xfer.app.doctor.SysfsHints(java.nio.file.Path.of("/sys")));
        dev.xfer.app.run.StopRequest stop = root.stop();
        List<SmokeDocument.Run> documents = new ArrayList<>();
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        boolean passed = true;
        // Exit 6 as for one run: only when every repetition that failed failed on a disturbed GPU alone.
        boolean undisturbedFailure = false;
        Optional<dev.xfer.app.run.StopRequest.Reason> stoppedBy = Optional.empty();
        for (int k = 1; k <= runs; k++) {
            if (k > 1) {
                stoppedBy = stop.reason();
                if (stoppedBy.isPresent()) {
                    break;
                }
                root.activity().set("resetting the devices for run " + k + " of " + runs);
                java.util.Set<Integer> reset = new java.util.HashSet<>();
                for (Session s : List.copyOf(opened)) {
                    if (reset.add(s.device().index())) {
                        s.device().reset();
                    }
                }
                opened.clear();
            }
            // Within a repetition a stop ends at once, as smoke without --runs; between two it is kept.
            stop.enter(dev.xfer.app.run.StopRequest.Phase.STARTING);
            out.println("smoke: run " + k + " of " + runs);
            Instant runStarted = Instant.now();
            SmokeRun.Judged judged = smoke.run(indices, atOnce, out);
            stop.enter(dev.xfer.app.run.StopRequest.Phase.FINISHING);
            passed &= judged.passed();
            undisturbedFailure |= !judged.passed() && !judged.failedOnlyWhereDisturbed();
            documents.add(SmokeDocument.of(judged.documents(), judged.passed(),
                    new SmokeDocument.SmokeRun(plan.profile(), atOnce, secondsSince(runStarted), OptionalDouble.empty())));
            suites.addAll(dev.xfer.app.output.RunJUnit.repetition(judged.suites(), k, runs));
            out.println("smoke: run " + k + " of " + runs + ": " + (judged.passed() ? "PASS"
                    : judged.failedOnlyWhereDisturbed() ? "DISTURBED" : "FAIL"));
        }
        int done = documents.size();
        Optional<dev.xfer.app.run.StopRequest.Reason> why = stoppedBy;
        Optional<Stopped> stopped = why.map(r -> new Stopped(r.label(), done, runs,
                r.words() + " after " + done + " of " + runs + " runs"));
        SmokeDocument.SmokeRun run = new SmokeDocument.SmokeRun(plan.profile(), atOnce, secondsSince(started),
                ProcessHandle.current().info().startInstant().map(t -> OptionalDouble.of(secondsSince(t)))
                        .orElse(OptionalDouble.empty()));
        SmokeDocument.Repeated whole = SmokeDocument.repetitions(documents, runs, passed && why.isEmpty(), run, stopped);
        if (document) {
            writeDocument(whole);
        }
        if (openMetricsTarget != null) {
            write(openMetricsTarget, OpenMetrics.render(whole.runs().isEmpty() ? List.of()
                    : SmokeDocument.results(openMetrics, whole)));
        }
        if (junitTarget != null) {
            write(junitTarget, JUnitXml.render(suites));
        }
        out.println(String.format(java.util.Locale.ROOT, "smoke: %s profile, %d GPU%s %s, %.2f s", plan.profile(),
                indices.size(), indices.size() == 1 ? "" : "s", atOnce ? "at once" : "one after another",
                run.runSeconds()));
        out.println("runs: " + (done == runs ? Integer.toString(runs) : done + " of " + runs)
                + " (fresh context and host allocations each)");
        if (why.isPresent()) {
            out.println("smoke: INCOMPLETE: " + stopped.get().message());
            out.flush();
            return ExitCode.stopped(why.get());
        }
        out.println(passed ? "smoke: PASS" : !undisturbedFailure
                ? "smoke: DISTURBED (a check failed on a disturbed GPU: nothing judged, re-run)" : "smoke: FAIL");
        out.flush();
        return passed ? ExitCode.OK : !undisturbedFailure ? ExitCode.DISTURBED : ExitCode.CHECK_FAILED;
    }

    private static double secondsSince(Instant start) {
        return Duration.between(start, Instant.now()).toNanos() / 1e9;
    }

    private void writeDocument(SmokeDocument.Written doc) {
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
        return device.resolve(() -> root.cuda().deviceCount());
    }
}
