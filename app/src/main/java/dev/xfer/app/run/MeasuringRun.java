package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.ExpectationRow;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RowHints;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * One measuring command's run, once its options are read: the devices it opens, the events its
 * benchmark reports to (status line, streamed rows, safe points), and its shared end, which
 * writes the results in the chosen format to every output and judges the expectations. The
 * command's options mixin (commands/MeasuringCommand) makes one; orchestration beside the engines
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
     * Draws the HTML report of a finished document from its text (what xfer plot draws from a saved
     * file); given by the command line, so run/ does not depend on the charts, which know the
     * engines' records.
     */
    @FunctionalInterface
    public interface HtmlDrawing {
        /** @param command the document's own {@code command} */
        String draw(String command, String documentText);
    }

    /** How to open devices: one by CUDA index, and how many there are (for {@code --device all}). */
    public record Devices(DeviceSelection selection, IntFunction<Session> opener, IntSupplier count) {
    }

    private final String command;
    private final OutputFormat format;
    private final Targets targets;
    private final HtmlDrawing html;
    private final Devices devices;
    private final Supplier<StopRequest> stop;
    private final Supplier<Activity> activity;
    private final boolean showStatus;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Supplier<GpuProbes> probes;
    /** The hint line for a GPU whose rows ran far below its link; none unless the command gives them. */
    private final RowHints hints;

    /** Each opened GPU's evidence; made when the first GPU is opened. */
    private RunEvidence evidence;

    /** The events of the run being measured; null before {@link #progress()} and in finish-only runs. */
    private LiveRun live;

    /** The repetitions of a run with --runs N (N > 1); null for a run without. */
    private Repetitions repetitions;

    /** The devices opened since the run (or its repetition) started: reset before the next repetition. */
    private final List<Session> opened = new ArrayList<>();

    /**
     * @param command    the command's name: {@code bandwidth}, {@code check}, ...
     * @param html       draws --html's report, when it is given
     * @param stop       the run's stop request, read once measuring starts (a run that only
     *                   finishes never needs it)
     * @param activity   what the run is doing now, likewise
     * @param showStatus whether the status line goes to stderr while measuring
     * @param out        stdout: results, and nothing else
     * @param err        stderr: the status line, warnings, PASS/FAIL lines when stdout has a document
     */
    public MeasuringRun(String command, OutputFormat format, Targets targets, HtmlDrawing html, Devices devices,
                        Supplier<StopRequest> stop, Supplier<Activity> activity, boolean showStatus, PrintWriter out, PrintWriter err) {
        this(command, format, targets, html, devices, stop, activity, showStatus, out, err,
                () -> GpuProbes.unavailable("no GPU probe was given to this run"));
    }

    /** @param probes how each opened GPU's evidence is read (the root command's), asked once a GPU is opened */
    public MeasuringRun(String command, OutputFormat format, Targets targets, HtmlDrawing html, Devices devices,
                        Supplier<StopRequest> stop, Supplier<Activity> activity, boolean showStatus, PrintWriter out,
                        PrintWriter err, Supplier<GpuProbes> probes) {
        this(command, format, targets, html, devices, stop, activity, showStatus, out, err, probes, RowHints.none());
    }

    /** @param hints what a GPU's rows far below its link print, at the run's end beside the PASS/FAIL lines */
    public MeasuringRun(String command, OutputFormat format, Targets targets, HtmlDrawing html, Devices devices,
                        Supplier<StopRequest> stop, Supplier<Activity> activity, boolean showStatus, PrintWriter out,
                        PrintWriter err, Supplier<GpuProbes> probes, RowHints hints) {
        this.probes = probes;
        this.hints = hints;
        this.command = command;
        this.format = format;
        this.targets = targets;
        this.html = html;
        this.devices = devices;
        this.stop = stop;
        this.activity = activity;
        this.showStatus = showStatus;
        this.out = out;
        this.err = err;
    }

    /** The name of the command: {@code bandwidth}, {@code check}, ... */
    public String commandName() {
        return command;
    }

    public OutputFormat format() {
        return format;
    }

    /** --device as given, parsed, not yet resolved. */
    public DeviceSelection devices() {
        return devices.selection();
    }

    /** The one device of a {@link DeviceSelection#isSingle() single} selection, opened. */
    public Session session() {
        if (!devices.selection().isSingle()) {
            throw new IllegalStateException("--device " + devices.selection().label() + " is not one device");
        }
        return recorded(devices.opener().apply(devices.selection().single()));
    }

    /**
     * {@code session}, its GPU's evidence recorded from now until the results are written, and kept
     * to be reset before the next repetition of a run with --runs N.
     */
    private Session recorded(Session session) {
        evidence().opened(session);
        opened.add(session);
        return session;
    }

    private RunEvidence evidence() {
        if (evidence == null) {
            evidence = new RunEvidence(probes, false);
        }
        return evidence;
    }

    /**
     * Every selected device opened, in order: {@code all} is resolved from the runtime's device
     * count; an index this machine lacks fails as opening it does (exit 3).
     */
    public List<Session> sessions() {
        List<Integer> indices = devices.selection().resolve(devices.count());
        List<Session> sessions = new ArrayList<>();
        for (int index : indices) {
            sessions.add(recorded(devices.opener().apply(index)));
        }
        return sessions;
    }

    /** Device {@code index} opened, whatever --device selected (a run that places its own devices). */
    public Session open(int index) {
        return recorded(devices.opener().apply(index));
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
        boolean streamed = targets.resultsOnStdout() && (format == OutputFormat.CSV || format == OutputFormat.JSONL);
        StopRequest stop = this.stop.get();
        live = new LiveRun(stop, activity.get(),
                showStatus ? Optional.of(new StatusLine(err, () -> stop.reason()
                        .map(r -> r.words() + ": stopping at the next safe point, keeping what was measured"
                                + (r.isSignal() ? " (again: end at once)" : ""))
                        .orElse(""))) : Optional.empty(),
                streamed ? Optional.of(new RowStream(format, out, repetitions == null ? 0 : repetitions.current()))
                        : Optional.empty(), evidence());
        return live;
    }

    /** The run's events, for a command that streams its rows or keeps results after a stop. */
    public LiveRun live() {
        if (live == null) {
            throw new IllegalStateException("progress() starts the run's events");
        }
        return live;
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
        List<ExpectationOutcome> outcomes = expectations.evaluate(metrics, ending.complete());
        RunEvidence evidence = evidence();
        if (repetitions != null) {
            return keepRepetition(metrics, configurationsPassed, expectations, rendering, first, junitSuites,
                    ending, outcomes, evidence);
        }
        StringBuilder lines = new StringBuilder();
        for (ExpectationOutcome o : outcomes) {
            lines.append(o.line()).append('\n');
        }
        // Beside the PASS/FAIL lines, and where they go: what can explain the figures.
        for (String line : evidence.lines()) {
            lines.append(TerminalText.field(line)).append('\n');
        }
        // One line per GPU whose copies ran far below its link, naming the top cause already readable.
        for (DeviceResults d : perDevice) {
            int index = d.context().device().index();
            Optional<String> disturbance = Optional.ofNullable(evidence.found().get(index))
                    .flatMap(RunEvidence.Found::line);
            hints.hint(d.context(), d.results(), disturbance)
                    .ifPresent(h -> lines.append(TerminalText.field(h)).append('\n'));
        }
        String incomplete = ending.complete() ? "" : "INCOMPLETE: " + ending.line() + "\n";
        RowStream.SummaryLine summary = format == OutputFormat.JSONL
                ? RowStream.summary(document(rendering, outcomes, ending, evidence), ending.complete()) : null;
        String body = switch (format) {
            case TEXT -> rendering.text().get() + lines + incomplete;
            case CSV -> rendering.csv().get();
            case JSON -> Json.write(document(rendering, outcomes, ending, evidence));
            case JSONL -> RowStream.all(format, rendering, summary);
        };
        if (!targets.resultsOnStdout()) {
            write(targets.output(), body);
            if (!lines.isEmpty() && targets.otherOutputOnStdout()) {
                err.print(lines); // stdout carries another output, which the lines would spoil
                err.flush();
            } else if (!lines.isEmpty()) {
                print(lines.toString());
            }
        } else {
            if (live != null && live.stream().isPresent()) {
                live.stream().get().end(rendering, summary);
            } else {
                print(body);
            }
            if (format != OutputFormat.TEXT && !lines.isEmpty()) {
                err.print(lines);
                err.flush();
            }
        }
        if (!ending.complete() && !ending.stoppedBy().orElseThrow().concernsStdout()) {
            // On stderr as well, so a log or a terminal says it even when the results went to a file.
            // Not when stdout failed: a closed pipe ends quietly, a failed write said so already.
            warn(ending.line() + "; the results measured so far were kept, marked incomplete");
        }
        if (targets.junit() != null) {
            List<JUnitXml.TestSuite> suites = new ArrayList<>(junitSuites.apply(outcomes));
            for (int index : evidence.found().keySet()) {
                RunJUnit.disturbances(index, first, evidence.disturbances(index))
                        .ifPresent(suites::add);
            }
            if (!ending.complete()) {
                Set<String> done = metrics.stream().map(Metric::name).collect(Collectors.toSet());
                List<String> missing = expectations.declaredNames().stream().filter(n -> !done.contains(n)).toList();
                suites.add(RunJUnit.notMeasured(first, command, missing, ending.line()));
            }
            write(targets.junit(), JUnitXml.render(suites));
        }
        if (targets.openMetrics() != null) {
            // From the records the document is written from (JSON keeps every digit): the figures the JSON carries.
            write(targets.openMetrics(), OpenMetrics.render(DocumentResults.of(targets.openMetrics().given(),
                    annotated(rendering, evidence))));
        }
        if (targets.html() != null) {
            // Through the document's text, as xfer plot reads it: the same pictures from a saved file.
            RunDocument document = annotated(rendering, evidence);
            write(targets.html(), html.draw(document.command(), Json.write(document)));
        }
        if (!ending.complete()) {
            return FinishedRun.stopped(ending.stoppedBy().orElseThrow());
        }
        return FinishedRun.complete(configurationsPassed && outcomes.stream().allMatch(ExpectationOutcome::passed))
                .withDisturbed(evidence.disturbed());
    }

    /** The document with each GPU's evidence and disturbances. */
    private static RunDocument annotated(Rendering rendering, RunEvidence evidence) {
        return evidence.annotate(rendering.json().get());
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
                    resetOpened();
                }
                repetitions.begin(run);
                live = null;
                // Each repetition's GPUs are recorded from their opening, judged with its own results.
                evidence = null;
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
                finishRepetitions();
                throw e;
            }
        }
        return finishRepetitions();
    }

    /** Resets each device opened so far once, so the next repetition gets a fresh context on it. */
    private void resetOpened() {
        Set<Integer> done = new java.util.HashSet<>();
        for (Session s : opened) {
            if (done.add(s.device().index())) {
                s.device().reset();
            }
        }
        opened.clear();
    }

    /** One repetition ended: keeps what it would have written alone; nothing is written yet. */
    private FinishedRun keepRepetition(List<Metric> metrics, boolean configurationsPassed,
                                       ValidatedExpectations expectations, Rendering rendering, RunContext first,
                                       Function<List<ExpectationOutcome>, List<JUnitXml.TestSuite>> junitSuites,
                                       RunEnding ending, List<ExpectationOutcome> outcomes,
                                       RunEvidence evidence) {
        int run = repetitions.current();
        StringBuilder lines = new StringBuilder();
        for (ExpectationOutcome o : outcomes) {
            lines.append(o.line()).append('\n');
        }
        // Beside the PASS/FAIL lines, as a run without --runs has them: what can explain its figures.
        for (String line : evidence.lines()) {
            lines.append(TerminalText.field(line)).append('\n');
        }
        String incomplete = ending.complete() ? "" : "INCOMPLETE: " + ending.line() + "\n";
        String text = format == OutputFormat.TEXT ? rendering.text().get() + lines + incomplete : "";
        List<String> rows = format == OutputFormat.CSV || format == OutputFormat.JSONL
                ? RowStream.rows(format, rendering, run) : List.of();
        if (live != null && live.stream().isPresent()) {
            // The rest of this repetition's rows; the JSON Lines summary comes once, at the very end.
            live.stream().get().end(rendering, null);
        }
        // The PASS/FAIL lines go where a run without --runs puts them, each naming its repetition.
        String named = lines.toString().lines().map(l -> "run " + run + ": " + l + "\n").collect(Collectors.joining());
        if (!targets.resultsOnStdout()) {
            if (!named.isEmpty()) {
                print(named);
            }
        } else if (format != OutputFormat.TEXT && !named.isEmpty()) {
            err.print(named);
            err.flush();
        }
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        if (targets.junit() != null) {
            suites.addAll(junitSuites.apply(outcomes));
            for (int index : evidence.found().keySet()) {
                RunJUnit.disturbances(index, first, evidence.disturbances(index)).ifPresent(suites::add);
            }
            if (!ending.complete()) {
                Set<String> done = metrics.stream().map(Metric::name).collect(Collectors.toSet());
                List<String> missing = expectations.declaredNames().stream().filter(n -> !done.contains(n)).toList();
                suites.add(RunJUnit.notMeasured(first, command, missing, ending.line()));
            }
        }
        boolean passed = ending.complete() && configurationsPassed
                && outcomes.stream().allMatch(ExpectationOutcome::passed);
        repetitions.add(new Repetitions.Repetition(run, text, rows, document(rendering, outcomes, ending, evidence),
                RunJUnit.repetition(suites, run, repetitions.planned()), metrics, ending, passed,
                evidence.disturbed()));
        if (!ending.complete()) {
            return FinishedRun.stopped(ending.stoppedBy().orElseThrow());
        }
        return FinishedRun.complete(passed).withDisturbed(evidence.disturbed());
    }

    /**
     * The end of a run with --runs N: every repetition's results in the chosen format (to
     * --output or stdout), --junit with every repetition's suites, --openmetrics with each
     * repetition as a run (a {@code run} label), and --html drawn from the last repetition.
     */
    private FinishedRun finishRepetitions() {
        RepeatedDocument doc = repetitions.document(command);
        boolean complete = repetitions.complete();
        String body = switch (format) {
            case TEXT -> repetitions.text() + (complete ? "" : "INCOMPLETE: " + stopLine() + "\n");
            case CSV -> lines(repetitions.rows());
            case JSON -> Json.write(doc);
            case JSONL -> lines(repetitions.rows()) + Json.writeLine(RowStream.summary(doc, complete)) + "\n";
        };
        if (!targets.resultsOnStdout()) {
            write(targets.output(), body);
        } else if (format == OutputFormat.JSONL && live != null && live.stream().isPresent()) {
            // The rows went out as each repetition measured them.
            print(Json.writeLine(RowStream.summary(doc, complete)) + "\n");
        } else if (!(format == OutputFormat.CSV && live != null && live.stream().isPresent())) {
            print(body);
        }
        if (format != OutputFormat.TEXT || !targets.resultsOnStdout()) {
            err.println(repetitions.runsLine());
            err.flush();
        }
        Optional<StopRequest.Reason> stoppedBy = repetitions.stoppedBy();
        if (stoppedBy.isPresent() && !stoppedBy.get().concernsStdout() || repetitions.failure().isPresent()) {
            warn(stopLine() + "; the runs measured so far were kept, marked incomplete");
        }
        if (targets.junit() != null) {
            write(targets.junit(), JUnitXml.render(repetitions.suites()));
        }
        if (targets.openMetrics() != null) {
            write(targets.openMetrics(), OpenMetrics.render(doc.runs().isEmpty() ? List.of()
                    : DocumentResults.of(targets.openMetrics().given(), doc)));
        }
        List<Repetitions.Repetition> done = repetitions.done();
        if (targets.html() != null && !done.isEmpty()) {
            RunDocument last = done.getLast().document();
            write(targets.html(), html.draw(last.command(), Json.write(last)));
        }
        if (stoppedBy.isPresent()) {
            return FinishedRun.stopped(stoppedBy.get());
        }
        return FinishedRun.complete(repetitions.passed()).withDisturbed(repetitions.disturbed());
    }

    private String stopLine() {
        return repetitions.stopLine();
    }

    private static String lines(List<String> rows) {
        StringBuilder s = new StringBuilder();
        rows.forEach(r -> s.append(r).append('\n'));
        return s.toString();
    }

    /** The JSON document with the expectations' outcomes, and {@code complete}/{@code stopped} when the run stopped early. */
    private static RunDocument document(Rendering rendering, List<ExpectationOutcome> outcomes,
                                        RunEnding ending, RunEvidence evidence) {
        // complete and stopped only on a stopped run, so complete documents stay as they were:
        // absent means complete.
        return annotated(rendering, evidence).withOutcome(ExpectationRow.of(outcomes), ending.stopped());
    }

    /** Writes {@code target} as resolved; a failure names the option and the path given. */
    private void write(OutputTarget target, String content) {
        Outputs.write(target, content, out);
    }

    /** Prints results on stdout; nothing else goes there. */
    public void print(String text) {
        out.print(text);
        out.flush();
    }

    /** One line on stderr, {@code xfer: <line>}: warnings and notes that must stay off stdout. */
    public void warn(String line) {
        err.println("xfer: " + line);
        err.flush();
    }
}
