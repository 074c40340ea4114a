package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RowHints;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.RunResults;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * One measuring command's run, once its options are read: the devices it opens, the events its
 * benchmark reports to (status line, streamed rows, safe points), and its shared end, which
 * writes the results in the chosen format to every output and judges the expectations. Its
 * parts: {@link OpenedDevices}, {@link JudgedRun}, and {@link OneRunEnd} or, with --runs N,
 * {@link RepeatedRunEnd} writing through {@link RunOutputs}. The
 * command's options mixin (cli/MeasuringMixin) makes one; orchestration beside the engines
 * (bandwidth's several-device run, smoke's) drives it.
 */
public final class MeasuringRun {
    /** Where each output option writes; null for one not given. Resolved and checked apart by the options. */
    public record Targets(OutputTarget output, OutputTarget junit, OutputTarget openMetrics, OutputTarget html) {
        /** Whether the results go to stdout: no --output, or --output -. */
        public boolean resultsOnStdout() {
            return output == null || output.isStdout();
        }

        /** Whether an output other than the results' writes stdout (--junit - beside --output FILE). */
        public boolean otherOutputOnStdout() {
            return junit != null && junit.isStdout() || openMetrics != null && openMetrics.isStdout()
                    || html != null && html.isStdout();
        }
    }

    /**
     * Draws the HTML report of a finished document from its records (what xfer plot draws from a
     * saved file once bound); given by the command line, so run/ does not depend on the charts.
     */
    @FunctionalInterface
    public interface HtmlDrawing {
        String draw(RunDocument document);
    }

    /** How to open devices: one by CUDA index, and how many there are (for {@code --device all}). */
    /**
     * @param opener          describes a device by CUDA index (no context yet)
     * @param createsContext  creates the opened device's CUDA context (cudaSetDevice); run right after
     *                        its evidence starts, so the context's creation is the window before
     */
    public record Devices(DeviceSelection selection, IntFunction<Session> opener, IntSupplier count,
                          java.util.function.Consumer<Session> createsContext) {
    }


    private final String command;
    private final Devices devices;
    private final Supplier<StopRequest> stop;
    private final Supplier<Activity> activity;
    private final boolean showStatus;
    private final RunOutputs outputs;
    private final OpenedDevices opened;
    private final OneRunEnd oneRunEnd;

    /** The events of the run being measured; null before {@link #progress()} and in finish-only runs. */
    private LiveRun live;

    /** The end of a run with --runs N (N > 1), holding its repetitions; null for a run without. */
    private RepeatedRunEnd repeated;
    private Repetitions repetitions;

    /** The run-wide notes said on stderr so far ({@link #runWideNotes}), kept over the repetitions. */
    private final Set<String> saidOnce = new HashSet<>();

    /**
     * @param command    the command's name: {@code bandwidth}, {@code check}, ...
     * @param html       draws --html's report, when it is given
     * @param stop       the run's stop request, read once measuring starts (a run that only
     *                   finishes never needs it)
     * @param activity   what the run is doing now, likewise
     * @param showStatus whether the status line goes to stderr while measuring
     * @param out        stdout: results, and nothing else
     * @param err        stderr: the status line, warnings, PASS/FAIL lines when stdout has a document
     * @param probes     how each opened GPU's evidence is read (the root command's), asked once a GPU is opened
     */
    public MeasuringRun(String command, OutputFormat format, Targets targets, HtmlDrawing html, Devices devices,
                        Supplier<StopRequest> stop, Supplier<Activity> activity, boolean showStatus, PrintWriter out,
                        PrintWriter err, Supplier<GpuProbes> probes) {
        this(command, format, targets, html, devices, stop, activity, showStatus, out, err, probes, RowHints.none());
    }

    /** @param hints what a GPU's rows far below its link print, at the run's end beside the PASS/FAIL lines */
    public MeasuringRun(String command, OutputFormat format, Targets targets, HtmlDrawing html, Devices devices,
                        Supplier<StopRequest> stop, Supplier<Activity> activity, boolean showStatus, PrintWriter out,
                        PrintWriter err, Supplier<GpuProbes> probes, RowHints hints) {
        this.command = command;
        this.stop = stop;
        this.activity = activity;
        this.showStatus = showStatus;
        this.outputs = new RunOutputs(format, targets, html, out, err);
        this.opened = new OpenedDevices(devices, probes);
        this.oneRunEnd = new OneRunEnd(outputs, hints);
        this.devices = devices;
    }

    /** The name of the command: {@code bandwidth}, {@code check}, ... */
    public String commandName() {
        return command;
    }

    public OutputFormat format() {
        return outputs.format();
    }

    /** --device as given, parsed, not yet resolved. */
    public DeviceSelection devices() {
        return devices.selection();
    }

    /**
     * The one device of a {@link DeviceSelection#isSingle() single} selection, opened; its GPU's
     * evidence recorded from now until the results are written, and kept to be reset before the
     * next repetition of a run with --runs N (as every device this run opens).
     */
    public Session session() {
        return opened.single();
    }

    /**
     * Every selected device opened, in order: {@code all} is resolved from the runtime's device
     * count; an index this machine lacks fails as opening it does (exit 3).
     */
    public List<Session> sessions() {
        return opened.selected();
    }

    /** Device {@code index} opened, whatever --device selected (a run that places its own devices). */
    public Session open(int index) {
        return opened.open(index);
    }

    /** Checks the expectations against the names this run will produce, before measuring. */
    public ValidatedExpectations validate(ExpectationSet expectations, List<MetricDeclaration> willProduce) {
        return expectations.validate(willProduce);
    }

    /**
     * The listener a benchmark reports to: it names the activity for the time limit, shows the
     * status line on stderr (when asked for), streams CSV rows and JSON Lines to stdout as results
     * come (when there is no --output), keeps the results for a run that stops, and throws
     * {@link dev.xfer.app.measure.RunStopped} at a safe point once SIGINT, SIGTERM or the time
     * limit asked for a stop. Call once, as measuring starts; {@link #progressDone()} when it ends.
     */
    public Progress progress() {
        boolean streamed = outputs.targets().resultsOnStdout() && outputs.rows();
        StopRequest stop = this.stop.get();
        live = new LiveRun(stop, activity.get(),
                showStatus ? Optional.of(new StatusLine(outputs.err(), () -> stop.reason()
                        .map(r -> r.words() + ": stopping at the next safe point, keeping what was measured"
                                + (r.isSignal() ? " (again: end at once)" : ""))
                        .orElse(""))) : Optional.empty(),
                streamed ? Optional.of(new RowStream(outputs.format(), outputs.out(),
                        repetitions == null ? 0 : repetitions.current())) : Optional.empty(),
                opened.evidence());
        return live;
    }

    /** The run's events, for a command that streams its rows or keeps results after a stop. */
    public LiveRun live() {
        if (live == null) {
            throw new IllegalStateException("progress() starts the run's events");
        }
        return live;
    }

    /**
     * The system's Confidential Computing state, as the opened GPUs' evidence read it: what decides
     * which host configurations a run waives or marks ({@code unknown} where NVML cannot say).
     */
    public dev.xfer.app.evidence.Reading<dev.xfer.app.evidence.ConfidentialComputingState> confidentialComputing() {
        return opened.evidence().confidentialComputing();
    }

    /** Measuring is over (done or stopped): the status line is erased; what follows is writing. */
    public void progressDone() {
        if (live != null) {
            live.close();
        }
    }

    /**
     * The shared end of every measuring command: evaluates the expectations, writes the results
     * in the chosen format (to --output or stdout), the PASS/FAIL lines, and the --junit report.
     */
    public FinishedRun finish(RunContext context, RunResults results, ValidatedExpectations expectations,
                              Rendering rendering, Instant started) {
        return finish(results.metrics(), results.allPassed(), results.configurations().size(), expectations,
                rendering, context, List.of(new DeviceResults(context, results)),
                outcomes -> RunJUnit.suites(context, List.of(results), outcomes,
                        Duration.between(started, Instant.now())));
    }

    /**
     * {@link #finish(RunContext, RunResults, ValidatedExpectations, Rendering, Instant)} for a run
     * over several devices: the expectations see every device's results (named apart, e.g. with
     * {@code .gpuN}) and those of the runs that span the devices; --junit gets a suite per device.
     *
     * @param perDevice each device's context and results, in the order measured
     * @param across    results that belong to no single device (all GPUs at once, GPU to GPU)
     */
    public FinishedRun finish(List<DeviceResults> perDevice, List<RunResults> across,
                              ValidatedExpectations expectations, Rendering rendering, Instant started) {
        List<Metric> metrics = new ArrayList<>();
        boolean passed = true;
        for (DeviceResults d : perDevice) {
            metrics.addAll(d.results().metrics());
            passed &= d.results().allPassed();
        }
        for (RunResults r : across) {
            metrics.addAll(r.metrics());
            passed &= r.allPassed();
        }
        int configurations = perDevice.stream().mapToInt(d -> d.results().configurations().size()).sum()
                + across.stream().mapToInt(r -> r.configurations().size()).sum();
        return finish(metrics, passed, configurations, expectations, rendering, perDevice.getFirst().context(),
                perDevice, outcomes -> RunJUnit.suitesDevices(perDevice.stream().map(DeviceResults::context).toList(),
                        perDevice.stream().map(d -> List.of(d.results())).toList(), across, outcomes,
                        Duration.between(started, Instant.now())));
    }

    /** @param configurations how many configurations the results hold: what a stopped run says it kept */
    private FinishedRun finish(List<Metric> metrics, boolean configurationsPassed, int configurations,
                               ValidatedExpectations expectations, Rendering rendering, RunContext first,
                               List<DeviceResults> perDevice, Function<List<ExpectationOutcome>, List<JUnitXml.TestSuite>> junitSuites) {
        RunEnding ending = live == null ? RunEnding.completeRun() : live.ending(configurations);
        JudgedRun judged = new JudgedRun(command, metrics, configurationsPassed, expectations, rendering, first,
                junitSuites, ending, opened.evidence());
        if (repeated != null) {
            return repeated.keep(judged, stream());
        }
        return oneRunEnd.write(judged, perDevice, stream());
    }

    /** The rows streamed to stdout as they are measured, if they are. */
    private Optional<RowStream> stream() {
        return live == null ? Optional.empty() : live.stream();
    }

    /**
     * Runs {@code once} (one whole measurement, ending in {@link #finish}) {@code runs} times, each
     * repetition on devices opened anew in a fresh primary context: before each repetition after
     * the first, every device the one before opened is reset ({@code cudaDeviceReset}; its
     * resources were all closed as it ended). Each repetition's results are kept as it ends and
     * written together at the end ({@link Repetitions#document}); a stop (signal, time limit)
     * ends the run after the repetition it came in, or between two, keeping what was measured.
     *
     * @param runs 1: {@code once} as it is, its output unchanged
     */
    public FinishedRun repeat(int runs, Supplier<FinishedRun> once) {
        if (runs == 1) {
            return once.get();
        }
        repetitions = new Repetitions(runs);
        repeated = new RepeatedRunEnd(command, outputs, repetitions);
        StopRequest request = stop.get();
        for (int run = 1; run <= runs; run++) {
            try {
                if (run > 1) {
                    Optional<StopRequest.Reason> why = request.reason();
                    if (why.isPresent()) {
                        repetitions.stoppedBetween(why.get());
                        break;
                    }
                    activity.get().set("resetting the devices for run " + run + " of " + runs);
                    opened.resetOpened();
                }
                repetitions.begin(run);
                live = null;
                // Each repetition's GPUs are recorded from their opening, judged with its own results.
                opened.forgetEvidence();
                FinishedRun ended = once.get();
                if (ended.stoppedBy().isPresent()) {
                    break;
                }
            } catch (RuntimeException e) {
                if (repetitions.done().isEmpty()) {
                    throw e;
                }
                // A later repetition failed: the ones before are written, marked incomplete, and the
                // run ends as the failure says (its exit code, its line).
                progressDone();
                repetitions.failed(String.valueOf(e.getMessage()));
                repeated.writeAll(stream());
                throw e;
            }
        }
        return repeated.writeAll(stream());
    }

    /** Prints results on stdout; nothing else goes there. */
    public void print(String text) {
        outputs.print(text);
    }

    /** One line on stderr, {@code xfer: <line>}: warnings and notes that must stay off stdout. */
    public void warn(String line) {
        outputs.warn(line);
    }

    /**
     * Notes that hold for the whole run (Confidential Computing's state and marks): those the text
     * carries, returned; beside a machine-readable document each goes to stderr instead, since stdout
     * holds only the document, and once per process run however many repetitions (--runs) say it.
     */
    public List<String> runWideNotes(List<String> notes) {
        if (format() == OutputFormat.TEXT) {
            return notes;
        }
        notes.stream().filter(saidOnce::add).forEach(outputs::warn);
        return List.of();
    }
}
