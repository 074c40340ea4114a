package dev.xfer.app.commands;

import dev.xfer.app.cli.StderrTerminal;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInspector;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.results.RunContext;
import dev.xfer.app.topology.PciDeviceReader;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.OpenMetrics;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.report.OutputTarget;
import dev.xfer.app.plot.HtmlReport;
import dev.xfer.app.report.Json;
import dev.xfer.app.report.JUnitXml;
import dev.xfer.app.results.JUnitReport;
import dev.xfer.app.results.OutcomesJson;
import dev.xfer.app.results.Rendering;
import dev.xfer.app.results.RunResults;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.function.Function;

/**
 * Options and plumbing every measuring command shares: which device, which output format, the
 * run's context, progress on a terminal, and the JSON document envelope.
 */
public final class MeasuringCommand {
    /**
     * Bumped whenever a field of the JSON documents changes meaning or disappears; added fields
     * keep it (readers ignore fields they do not know). Readers take any version up to theirs and
     * refuse a newer one: see docs/fleets.md.
     */
    public static final int SCHEMA_VERSION = 1;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "N|all|LIST", converter = DeviceSelectionConverter.class,
            description = {"The GPU to measure, by CUDA index (default 0), all, or a list such as 0,2,3:",
                    "each is measured in turn, its results named apart with .gpuN."})
    private DeviceSelection device = DeviceSelection.DEFAULT;

    @Option(names = "--json", description = "Print the results as JSON.")
    private boolean json;

    @Option(names = "--csv", description = "Print the results as CSV, each row as soon as it is measured.")
    private boolean csv;

    @Option(names = "--jsonl", description = {"Print the results as JSON Lines: one object per measured configuration as",
            "soon as it is measured, then one summary object (see docs/results.md)."})
    private boolean jsonl;

    @Option(names = "--progress", description = "Show the progress line on stderr even when it is not a terminal.")
    private boolean progressForced;

    @Option(names = "--no-progress", description = "Never show the progress line (shown by default when stderr is a terminal).")
    private boolean progressOff;

    @Option(names = "--expect", paramLabel = "EXPR",
            description = {"A threshold the run must meet, repeatable: NAME OP VALUE[UNIT], e.g.",
                    "'pinned.h2d.16MiB >= 45GB/s', 'pinned.d2h >= 80%%link', 'overlap.v1.speedup >= 1.5',",
                    "'check.synchronized.wrong == 0'. Any FAIL exits 1; see the README for names and units."})
    private List<String> expect = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the results to FILE instead of stdout (a file is replaced atomically; - is stdout).")
    private Path output;

    @Option(names = "--junit", paramLabel = "FILE",
            description = "Also write a JUnit XML report: one test case per configuration and per expectation.")
    private Path junit;

    @Option(names = "--openmetrics", paramLabel = "FILE",
            description = "Also write the results in the OpenMetrics text format (node_exporter's textfile collector), atomically.")
    private Path openMetrics;

    /** The events of the run being measured; null before {@link #progress()} and in finish-only tests. */
    private LiveRun live;

    /** --html of the commands that take it ({@link HtmlReportOption}); null when not asked for. */
    private Path html;

    /** The four output options resolved and checked apart, by {@link #format()}; null before. */
    private Targets targets;

    /** Where each output option writes; null for one not given. */
    private record Targets(OutputTarget output, OutputTarget junit, OutputTarget openMetrics, OutputTarget html) {
    }

    /** The device and the context its results carry. */
    public record Session(CudaRuntime cuda, CudaDevice device, RunContext context) {
    }

    /** The one device of a {@link DeviceSelection#isSingle() single} selection, opened. */
    public Session session() {
        if (!device.isSingle()) {
            throw new IllegalStateException("--device " + device.label() + " is not one device");
        }
        return open((GlobalOptions) spec.root().userObject(), device.single());
    }

    /** The name of the command these options belong to: {@code bandwidth}, {@code check}, ... */
    public String commandName() {
        return spec.name();
    }

    /** --device as given, parsed (bad text was already a usage error), not yet resolved. */
    public DeviceSelection devices() {
        return device;
    }

    /**
     * Every selected device opened, in order: {@code all} is resolved from the runtime's device
     * count; an index this machine lacks fails as {@link #open(GlobalOptions, int)} does (exit 3).
     */
    public List<Session> sessions() {
        GlobalOptions root = (GlobalOptions) spec.root().userObject();
        List<Integer> indices = device.resolve(() -> {
            CudaRuntime cuda = root.cuda();
            root.activity().set("counting devices");
            return cuda.deviceCount();
        });
        List<Session> sessions = new ArrayList<>();
        for (int index : indices) {
            sessions.add(open(root, index));
        }
        return sessions;
    }

    /** Reads --device with {@link DeviceSelection#parse(String)}: bad text is exit 2 while parsing. */
    public static final class DeviceSelectionConverter implements CommandLine.ITypeConverter<DeviceSelection> {
        @Override
        public DeviceSelection convert(String value) {
            try {
                return DeviceSelection.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** Loads CUDA if needed and describes device {@code index}: what every result carries. */
    public static Session open(GlobalOptions root, int index) {
        CudaRuntime cuda = root.cuda();
        root.activity().set("reading device " + index);
        CudaDevice chosen = cuda.device(index);
        DeviceInfo info = new DeviceInspector(cuda, new PciDeviceReader()).inspect(chosen);
        RunContext context = new RunContext(XferVersion.xferVersion(), Instant.now(), hostName(), info,
                cuda.runtimeVersion(), cuda.driverVersion(), root.label());
        return new Session(cuda, chosen, context);
    }

    /** The --expect texts, parsed before CUDA is touched, so a typo exits 2 on any machine. */
    public ExpectationSet expectations() {
        return ExpectationSet.parse(expect);
    }

    /**
     * Checks the expectation names against what the run will produce with any device, before CUDA
     * is loaded: a typo exits 2 on a machine without a driver too. Only what depends on the device
     * (whether its link rate is known, for %link) is left to {@link #validate}.
     */
    public void validateNames(ExpectationSet expectations, List<MetricDeclaration> willProduce) {
        EarlyNames.validate(expectations, willProduce, device);
    }

    /** Checks the expectations against the names this run will produce, before measuring. */
    public ValidatedExpectations validate(ExpectationSet expectations, List<MetricDeclaration> willProduce) {
        return expectations.validate(willProduce);
    }

    /**
     * The shared end of every measuring command: evaluates the expectations, writes the results
     * in the chosen format (to --output or stdout), the PASS/FAIL lines, and the --junit report.
     *
     * @return the exit code: 1 when a configuration's check or an expectation failed, else 0
     */
    public int finish(RunContext context, RunResults results, ValidatedExpectations expectations,
                      Rendering rendering, Instant started) {
        return finish(results.metrics(), results.allPassed(), results.configurations().size(), expectations,
                rendering, context,
                outcomes -> JUnitReport.suites(context, List.of(results), outcomes,
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
    public int finish(List<DeviceResults> perDevice, List<RunResults> across, ValidatedExpectations expectations,
                      Rendering rendering, Instant started) {
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
                outcomes -> JUnitReport.suitesDevices(perDevice.stream().map(DeviceResults::context).toList(),
                        perDevice.stream().map(d -> List.of(d.results())).toList(), across, outcomes,
                        Duration.between(started, Instant.now())));
    }

    /** One device's context and results, for {@link #finish(List, List, ValidatedExpectations, Rendering, Instant)}. */
    public record DeviceResults(RunContext context, RunResults results) {
    }

    /** @param configurations how many configurations the results hold: what a stopped run says it kept */
    private int finish(List<Metric> metrics, boolean configurationsPassed, int configurations,
                       ValidatedExpectations expectations, Rendering rendering, RunContext first,
                       Function<List<ExpectationOutcome>, List<JUnitXml.TestSuite>> junitSuites) {
        RunEnding ending = live == null ? RunEnding.completeRun() : live.ending(configurations);
        List<ExpectationOutcome> outcomes = expectations.evaluate(metrics, ending.complete());
        StringBuilder lines = new StringBuilder();
        for (ExpectationOutcome o : outcomes) {
            lines.append(o.line()).append('\n');
        }
        OutputFormat format = format();
        String incomplete = ending.complete() ? "" : "INCOMPLETE: " + ending.line() + "\n";
        Map<String, Object> summary = format == OutputFormat.JSONL
                ? RowStream.summary(document(rendering, outcomes, ending), ending.complete()) : Map.of();
        String body = switch (format) {
            case TEXT -> rendering.text().get() + lines + incomplete;
            case CSV -> rendering.csv().get();
            case JSON -> Json.write(document(rendering, outcomes, ending));
            case JSONL -> RowStream.all(format, rendering, summary);
        };
        Targets to = targets();
        if (!resultsOnStdout()) {
            write(to.output(), body);
            if (!lines.isEmpty()) {
                print(lines.toString());
            }
        } else {
            if (live != null && live.stream().isPresent()) {
                live.stream().get().end(rendering, summary);
            } else {
                print(body);
            }
            if (format != OutputFormat.TEXT && !lines.isEmpty()) {
                PrintWriter err = spec.commandLine().getErr();
                err.print(lines);
                err.flush();
            }
        }
        if (!ending.complete() && !ending.stoppedBy().orElseThrow().concernsStdout()) {
            // On stderr as well, so a log or a terminal says it even when the results went to a file.
            // Not when stdout failed: a closed pipe ends quietly, a failed write said so already.
            warn(ending.line() + "; the results measured so far were kept, marked incomplete");
        }
        if (junit != null) {
            List<JUnitXml.TestSuite> suites = new ArrayList<>(junitSuites.apply(outcomes));
            if (!ending.complete()) {
                Set<String> done = metrics.stream().map(Metric::name).collect(Collectors.toSet());
                List<String> missing = expectations.declaredNames().stream().filter(n -> !done.contains(n)).toList();
                suites.add(JUnitReport.notMeasured(first, commandName(), missing, ending.line()));
            }
            write(to.junit(), JUnitXml.render(suites));
        }
        if (openMetrics != null) {
            // Through the document's text, so the figures are exactly those the JSON carries.
            Object document = Json.parse(Json.write(rendering.json().get()));
            write(to.openMetrics(), OpenMetrics.render(new DocumentReader().runs(openMetrics, document)));
        }
        if (html != null) {
            // Through the document's text, as xfer plot reads it: the same pictures from a saved file.
            Map<?, ?> document = (Map<?, ?>) Json.parse(Json.write(rendering.json().get()));
            write(to.html(), HtmlReport.render("xfer " + document.get("command"),
                    List.of(new HtmlReport.Source("xfer " + document.get("command"), document))));
        }
        if (!ending.complete()) {
            return ending.stoppedBy().orElseThrow().exitCode();
        }
        boolean passed = configurationsPassed && outcomes.stream().allMatch(ExpectationOutcome::passed);
        return passed ? ExitCode.OK : ExitCode.CHECK_FAILED;
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
        Outputs.write(target, content, spec.commandLine().getOut());
    }

    /** Also writes the results as an HTML report to {@code file} (null: not); before {@link #format()}. */
    void alsoHtml(Path file) {
        html = file;
        targets = null;
    }

    /** The output options resolved, and checked apart from each other, once. */
    private Targets targets() {
        if (targets == null) {
            Targets resolved = new Targets(Outputs.resolve("--output", output), Outputs.resolve("--junit", junit),
                    Outputs.resolve("--openmetrics", openMetrics), Outputs.resolve("--html", html));
            Outputs.requireApart(resolved.output(), resolved.junit(), resolved.openMetrics(), resolved.html());
            Outputs.requireNoDocumentReplaced(resolved.junit(), resolved.openMetrics(), resolved.html());
            targets = resolved;
        }
        return targets;
    }

    /** Whether the results go to stdout: no --output, or --output -. */
    private boolean resultsOnStdout() {
        return targets().output() == null || targets().output().isStdout();
    }

    public OutputFormat format() {
        targets();
        if ((json ? 1 : 0) + (csv ? 1 : 0) + (jsonl ? 1 : 0) > 1) {
            throw new UsageException(json && csv && !jsonl ? "--json and --csv exclude each other"
                    : "--json, --csv and --jsonl exclude each other: choose one");
        }
        if (progressForced && progressOff) {
            throw new UsageException("--progress and --no-progress exclude each other");
        }
        return json ? OutputFormat.JSON : csv ? OutputFormat.CSV : jsonl ? OutputFormat.JSONL : OutputFormat.TEXT;
    }

    /** Prints results on stdout; nothing else goes there. */
    public void print(String text) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        out.flush();
    }

    /** One line on stderr, {@code xfer: <line>}: warnings and notes that must stay off stdout. */
    public void warn(String line) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("xfer: " + line);
        err.flush();
    }

    /**
     * The listener a benchmark reports to: it names the activity for the time limit, shows the
     * status line on stderr (on a terminal, or with --progress; never with --no-progress), streams
     * CSV rows and JSON Lines to stdout as results come (when there is no --output), keeps the
     * results for a run that stops, and throws {@link dev.xfer.app.measure.RunStopped} at a safe
     * point once SIGINT, SIGTERM or the time limit asked for a stop. Call once, as measuring starts;
     * {@link #progressDone()} when it ends.
     */
    public Progress progress() {
        GlobalOptions root = (GlobalOptions) spec.root().userObject();
        OutputFormat format = format();
        boolean show = !progressOff && (progressForced || StderrTerminal.isTerminal());
        PrintWriter err = spec.commandLine().getErr();
        boolean streamed = resultsOnStdout() && (format == OutputFormat.CSV || format == OutputFormat.JSONL);
        live = new LiveRun(root.stop(), root.activity(),
                show ? Optional.of(new StatusLine(err, () -> root.stop().reason()
                        .map(r -> r.words() + ": stopping at the next safe point, keeping what was measured"
                                + (r.isSignal() ? " (again: end at once)" : ""))
                        .orElse(""))) : Optional.empty(),
                streamed ? Optional.of(new RowStream(format, spec.commandLine().getOut())) : Optional.empty());
        return live;
    }

    /** The run's events, for a command that streams its rows or keeps results after a stop. */
    LiveRun live() {
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

    /** The JSON document every measuring command writes: schema, context, parameters, results. */
    public Map<String, Object> document(String command, RunContext context, Map<String, Object> parameters,
                                        List<Object> results, List<Object> failures) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", SCHEMA_VERSION);
        doc.put("command", command);
        doc.put("context", context.toJson());
        doc.put("parameters", parameters);
        doc.put("results", results);
        doc.put("failures", failures);
        return doc;
    }

    /**
     * The document of a run over several devices: {@code schemaVersion}, {@code command}, the
     * whole run's {@code parameters}, and {@code devices}: one document per device, each exactly
     * what a one-device run of it writes ({@link #document}; the {@code expectations} are the
     * whole run's, at the top). A command adds its keys for what spans the devices after these.
     * One device selected (also {@code --device all} on a one-GPU machine) writes the one-device
     * document instead, unchanged.
     */
    public Map<String, Object> devicesDocument(String command, Map<String, Object> parameters,
                                               List<Map<String, Object>> devices) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", SCHEMA_VERSION);
        doc.put("command", command);
        doc.put("parameters", parameters);
        doc.put("devices", List.copyOf(devices));
        return doc;
    }

    /** The host name results carry. */
    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
