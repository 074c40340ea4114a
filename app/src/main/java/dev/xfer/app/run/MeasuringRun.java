package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.OpenMetrics;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.OutcomesJson;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
     * Draws the HTML report of a finished document (what xfer plot draws from a saved file); given
     * by the command line, so run/ does not depend on the charts, which know the engines' records.
     */
    @FunctionalInterface
    public interface HtmlDrawing {
        String draw(Map<?, ?> document);
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

    /** The events of the run being measured; null before {@link #progress()} and in finish-only runs. */
    private LiveRun live;

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
        return devices.opener().apply(devices.selection().single());
    }

    /**
     * Every selected device opened, in order: {@code all} is resolved from the runtime's device
     * count; an index this machine lacks fails as opening it does (exit 3).
     */
    public List<Session> sessions() {
        List<Integer> indices = devices.selection().resolve(devices.count());
        List<Session> sessions = new ArrayList<>();
        for (int index : indices) {
            sessions.add(devices.opener().apply(index));
        }
        return sessions;
    }

    /** Device {@code index} opened, whatever --device selected (a run that places its own devices). */
    public Session open(int index) {
        return devices.opener().apply(index);
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
                streamed ? Optional.of(new RowStream(format, out)) : Optional.empty());
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
                rendering, context,
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
                outcomes -> RunJUnit.suitesDevices(perDevice.stream().map(DeviceResults::context).toList(),
                        perDevice.stream().map(d -> List.of(d.results())).toList(), across, outcomes,
                        Duration.between(started, Instant.now())));
    }

    /** @param configurations how many configurations the results hold: what a stopped run says it kept */
    private FinishedRun finish(List<Metric> metrics, boolean configurationsPassed, int configurations,
                               ValidatedExpectations expectations, Rendering rendering, RunContext first,
                               Function<List<ExpectationOutcome>, List<JUnitXml.TestSuite>> junitSuites) {
        RunEnding ending = live == null ? RunEnding.completeRun() : live.ending(configurations);
        List<ExpectationOutcome> outcomes = expectations.evaluate(metrics, ending.complete());
        StringBuilder lines = new StringBuilder();
        for (ExpectationOutcome o : outcomes) {
            lines.append(o.line()).append('\n');
        }
        String incomplete = ending.complete() ? "" : "INCOMPLETE: " + ending.line() + "\n";
        Map<String, Object> summary = format == OutputFormat.JSONL
                ? RowStream.summary(document(rendering, outcomes, ending), ending.complete()) : Map.of();
        String body = switch (format) {
            case TEXT -> rendering.text().get() + lines + incomplete;
            case CSV -> rendering.csv().get();
            case JSON -> Json.write(document(rendering, outcomes, ending));
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
            if (!ending.complete()) {
                Set<String> done = metrics.stream().map(Metric::name).collect(Collectors.toSet());
                List<String> missing = expectations.declaredNames().stream().filter(n -> !done.contains(n)).toList();
                suites.add(RunJUnit.notMeasured(first, command, missing, ending.line()));
            }
            write(targets.junit(), JUnitXml.render(suites));
        }
        if (targets.openMetrics() != null) {
            // Through the document's text, so the figures are exactly those the JSON carries.
            Object document = Json.parse(Json.write(rendering.json().get()));
            write(targets.openMetrics(), OpenMetrics.render(new DocumentReader().runs(targets.openMetrics().given(),
                    document)));
        }
        if (targets.html() != null) {
            // Through the document's text, as xfer plot reads it: the same pictures from a saved file.
            Map<?, ?> document = (Map<?, ?>) Json.parse(Json.write(rendering.json().get()));
            write(targets.html(), html.draw(document));
        }
        if (!ending.complete()) {
            return FinishedRun.stopped(ending.stoppedBy().orElseThrow());
        }
        return FinishedRun.complete(configurationsPassed && outcomes.stream().allMatch(ExpectationOutcome::passed));
    }

    /** The JSON document with the expectations' outcomes, and {@code complete}/{@code stopped} when the run stopped early. */
    private static Map<String, Object> document(Rendering rendering, List<ExpectationOutcome> outcomes,
                                                RunEnding ending) {
        Map<String, Object> doc = rendering.json().get();
        doc.put("expectations", OutcomesJson.of(outcomes));
        if (!ending.complete()) {
            // Only on a stopped run, so complete documents stay as they were: absent means complete.
            doc.put("complete", false);
            doc.put("stopped", ending.toJson());
        }
        return doc;
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
