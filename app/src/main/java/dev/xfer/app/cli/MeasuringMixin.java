package dev.xfer.app.cli;

import dev.xfer.app.cli.DeviceListConverter;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.StderrTerminal;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.doctor.SysfsHints;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.plot.HtmlReport;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RowHints;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.run.DeviceResults;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.EarlyNames;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Outputs;
import dev.xfer.app.run.Session;
import dev.xfer.cuda.CudaRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The options every measuring command shares (which device, which output format, where the
 * results go, progress, expectations) and the checks between them; the run they describe is a
 * {@link MeasuringRun}, made once they are read, and the methods here hand over to it.
 */
public final class MeasuringMixin {
    /**
     * Bumped whenever a field of the JSON documents changes meaning or disappears; added fields
     * keep it (readers ignore fields they do not know). Readers take any version up to theirs and
     * refuse a newer one: see docs/fleets.md.
     */
    public static final int SCHEMA_VERSION = dev.xfer.app.output.DocumentSchema.VERSION;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "N|all|LIST", converter = DeviceListConverter.class,
            description = {"The GPU to measure, by CUDA index (default 0), all, or a list such as 0,2,3: "
                    + "each is measured in turn, its results named apart with .gpuN."})
    private DeviceSelection device = DeviceSelection.DEFAULT;

    @Option(names = "--json", description = "Print the results as JSON.")
    private boolean json;

    @Option(names = "--csv", description = "Print the results as CSV, each row as soon as it is measured.")
    private boolean csv;

    @Option(names = "--jsonl", description = {"Print the results as JSON Lines: one object per measured configuration as "
            + "soon as it is measured, then one summary object (see docs/results.md)."})
    private boolean jsonl;

    @Option(names = "--progress", description = "Show the progress line on stderr even when it is not a terminal.")
    private boolean progressForced;

    @Option(names = "--no-progress", description = "Never show the progress line (shown by default when stderr is a terminal).")
    private boolean progressOff;

    @Option(names = "--expect", paramLabel = "EXPR",
            description = {"A threshold the run must meet, repeatable: NAME OP VALUE[UNIT], e.g. "
                    + "'pinned.h2d.16MiB >= 45GB/s', 'pinned.d2h >= 80%%link', 'overlap.v1.speedup >= 1.5', "
                    + "'check.synchronized.wrong == 0'. Any FAIL exits 1; see the README for names and units."})
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

    /** The most repetitions one invocation takes: beyond it, separate invocations (or a scheduler) say more. */
    public static final int MAX_RUNS = 1000;

    @dev.xfer.app.cli.OptionRange(min = 1, max = MeasuringMixin.MAX_RUNS)
    @Option(names = "--runs", paramLabel = "N", converter = RunsConverter.class,
            description = {"Measure N times, 1 to 1000 (default 1), each repetition on fresh host allocations in a "
                    + "fresh CUDA context; the output carries every repetition, and from 2 on each result's run-to-run CoV (the"
                    + " stddev of the runs' medians over their mean; see docs/methodology.md)."})
    private int runs = 1;

    /** --html of the commands that take it ({@link HtmlReportMixin}); null when not asked for. */
    private Path html;

    /** The run these options describe; made on first use, once the options are all in. */
    private MeasuringRun run;

    /** The run these options describe: the devices, its events, and the shared end of it. */
    public MeasuringRun run() {
        if (run == null) {
            OutputFormat format = format();
            if (format != OutputFormat.TEXT && targets().resultsOnStdout()) {
                dev.xfer.app.format.StandardStream.carriesDocument(spec.commandLine().getOut()); // UTF-8 whatever the locale
            }
            boolean show = !progressOff && (progressForced || StderrTerminal.isTerminal());
            // The root is read when first needed: a run that only finishes (tests) has none.
            run = new MeasuringRun(spec.name(), format, targets(),
                    document -> HtmlReport.render("xfer " + document.command(), List.of(new HtmlReport.Source(
                            "xfer " + document.command(), new dev.xfer.app.plot.PlotDocument.Measured(
                                    new dev.xfer.app.documents.MeasuredDocument.Run(document))))),
                    new MeasuringRun.Devices(device,
                    index -> open(root(), index), () -> {
                        CudaRuntime cuda = root().cuda();
                        root().activity().set("counting devices");
                        return cuda.deviceCount();
                    }, session -> {
                        root().activity().set("creating a context on device " + session.device().index());
                        session.device().makeCurrent();
                    }), () -> root().stop(), () -> root().activity(), show,
                    spec.commandLine().getOut(), spec.commandLine().getErr(), () -> root().probes(),
                    // bandwidth's rows against their link; the other commands' figures have no such expectation
                    spec.name().equals("bandwidth") ? new SysfsHints(Path.of("/sys")) : RowHints.none());
        }
        return run;
    }

    private GlobalOptions root() {
        return (GlobalOptions) spec.root().userObject();
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
        return run().sessions();
    }

    /** --runs: how many repetitions, 1 (the default: no repetitions) to {@link #MAX_RUNS}. */
    public int runs() {
        return runs;
    }

    /** Reads --runs as a whole number from 1 to {@link #MAX_RUNS}; anything else is exit 2 naming the range. */
    public static final class RunsConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            String text = value.strip();
            if (!text.matches("[+]?[0-9]+")) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number (1 to " + MAX_RUNS + ")");
            }
            String digits = text.replaceFirst("^\\+", "").replaceFirst("^0+(?=.)", "");
            if (digits.length() > 9 || Integer.parseInt(digits) < 1 || Integer.parseInt(digits) > MAX_RUNS) {
                throw new CommandLine.TypeConversionException("'" + value + "' is out of range (1 to " + MAX_RUNS + ")");
            }
            return Integer.parseInt(digits);
        }
    }

    /**
     * {@link MeasuringRun#repeat}: {@code once} (one whole measurement, ending in {@link #finish}
     * or {@link #eachDevice}) as many times as --runs says, as an exit code: 1 when any
     * repetition's check or expectation failed, the stop's code when the run stopped early.
     */
    public int repeated(java.util.function.Supplier<dev.xfer.app.run.FinishedRun> once) {
        return ExitCode.of(run().repeat(runs, once));
    }

    /** Loads CUDA if needed and describes device {@code index}: what every result carries. */
    public static Session open(GlobalOptions root, int index) {
        CudaRuntime cuda = root.cuda();
        return Session.open(cuda, root.activity(), index, XferVersion.xferVersion(), root.label());
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
     * The shared end of every measuring command ({@link MeasuringRun#finish}), as an exit code: 1
     * when a configuration's check or an expectation failed, the stop's code when the run stopped
     * early, else 0.
     */
    public int finish(RunContext context, RunResults results, ValidatedExpectations expectations,
                      Rendering rendering, Instant started) {
        return ExitCode.of(run().finish(context, results, expectations, rendering, started));
    }

    /** {@link MeasuringRun#finish(List, List, ValidatedExpectations, Rendering, Instant)}, as an exit code. */
    public int finish(List<DeviceResults> perDevice, List<RunResults> across, ValidatedExpectations expectations,
                      Rendering rendering, Instant started) {
        return ExitCode.of(run().finish(perDevice, across, expectations, rendering, started));
    }

    /**
     * {@link EachDevice#run}: a one-GPU measurement on every GPU --device selects, as an exit code.
     *
     * @param names the result names one GPU's run produces, without a device suffix
     */
    public int eachDevice(ExpectationSet expectations, List<MetricDeclaration> names,
                          EachDevice.Measurement measurement) {
        return repeated(() -> EachDevice.run(run(), expectations, names, measurement));
    }

    /** Also writes the results as an HTML report to {@code file} (null: not); before {@link #format()}. */
    public void alsoHtml(Path file) {
        if (java.util.Objects.equals(html, file)) {
            return;
        }
        html = file;
        targets = null;
        run = null;
    }

    /** The output options resolved, and checked apart from each other, once. */
    private MeasuringRun.Targets targets() {
        if (targets == null) {
            MeasuringRun.Targets resolved = new MeasuringRun.Targets(Outputs.resolve("--output", output),
                    Outputs.resolve("--junit", junit), Outputs.resolve("--openmetrics", openMetrics),
                    Outputs.resolve("--html", html));
            Outputs.requireApart(resolved.output(), resolved.junit(), resolved.openMetrics(), resolved.html());
            Outputs.requireNoDocumentReplaced(resolved.junit(), resolved.openMetrics(), resolved.html());
            if (resolved.output() == null) {
                Outputs.requireStdoutFree("the results without --output (text, --json, --csv or --jsonl)",
                        resolved.junit(), resolved.openMetrics(), resolved.html());
            }
            targets = resolved;
        }
        return targets;
    }

    /** The output options resolved and checked apart, by {@link #targets()}; null before. */
    private MeasuringRun.Targets targets;

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

    /** {@link MeasuringRun#progress()}: call once, as measuring starts; {@link #progressDone()} when it ends. */
    public Progress progress() {
        return run().progress();
    }

    /** The run's events, for a command that streams its rows or keeps results after a stop. */
    public LiveRun live() {
        return run().live();
    }

    /** Measuring is over (done or stopped): the status line is erased; what follows is writing. */
    public void progressDone() {
        run().progressDone();
    }
}
