package dev.xfer.app.fleet.command;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.OutputMixin;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.fleet.CompareText;
import dev.xfer.app.fleet.CompareAnalysis;
import dev.xfer.app.fleet.DocumentSet;
import dev.xfer.app.cli.Percent;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.run.Outputs;
import dev.xfer.app.verdict.NoiseFloors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer compare}: what changed between baseline runs and current ones, judged against the noise between runs. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        header = "Compare xfer documents against a baseline: what got faster, what got slower, beyond the noise between runs.",
        description = {"Each side is one or more documents or directories of them (BASELINE CURRENT, "
                + "or --baseline and --current, each as often as needed). GPUs are matched by "
                + "host and UUID (when no GPU is on both sides, the i-th of each); every run of a "
                + "GPU on a side is one repetition. A result is judged by a rank test "
                + "(Mann-Whitney U, p < 0.01) when both sides have runs enough for it (5 a side), "
                + "else by the noise floor of its kind measured on that GPU model; a result that is the best of "
                + "several host allocations by the floor of best-of-k runs (their spread is reported on a host: line, never a band). "
                + "Differences of GPU model, driver, runtime, xfer, link and host memory "
                + "placement are named. Exit 1 when --fail-on-regression is given and a result "
                + "got worse beyond noise by more than it, a baseline result is missing from the "
                + "current runs, or a current run failed or holds no result; across GPU models "
                + "only with --across-models. A run whose evidence found a disturbance is not "
                + "judged (--allow-disturbed judges it, its rows marked): a disturbed baseline run is "
                + "left out and said; with --fail-on-regression and nothing failed, a disturbed "
                + "current run exits 6 (re-run), as does a baseline whose every run was disturbed."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    // Any number, so that three are refused by call() with what was wrong, not picocli's guess.
    @Parameters(arity = "0..*", paramLabel = "BASELINE CURRENT",
            description = "A baseline and a current document or directory (or use --baseline and --current).")
    private List<Path> positional = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "FILE|DIR", description = "A baseline document or directory; repeat for more runs.")
    private List<Path> baselines = new ArrayList<>();

    @Option(names = "--current", paramLabel = "FILE|DIR", description = "A current document or directory; repeat for more runs.")
    private List<Path> currents = new ArrayList<>();

    @Option(names = "--fail-on-regression", paramLabel = "PERCENT", converter = Percent.Change.class,
            description = "Exit 1 when a throughput fell (or a time rose) beyond noise by more than this, e.g. 5%%.")
    private Double failOnRegression;

    @Option(names = "--across-models", description = "The sides are different GPU models on purpose: let their regressions fail.")
    private boolean acrossModels;

    @Option(names = "--allow-disturbed",
            description = "Judge runs measured while disturbed as any others (their rows marked disturbed) instead of leaving them out.")
    private boolean allowDisturbed;

    @Option(names = "--json", description = "Print the comparison as JSON.")
    private boolean json;

    @Option(names = "--skip-bad", description = "Name each unreadable document on stderr and read the others (as fleet does).")
    private boolean skipBad;

    // The report's other outputs, kept together: --csv, --output and --junit.
    @Option(names = "--csv", description = "Print the comparison as CSV: one row per judged result, the fields of --json's results.")
    private boolean csv;

    /** --output FILE: the report there instead of stdout. */
    @Mixin
    private OutputMixin output;

    @Option(names = "--junit", paramLabel = "FILE",
            description = "Also write JUnit XML: a test case per judged result, failed where it is a regression beyond "
                    + "--fail-on-regression (5%% when not given), and one per missing result or failed current run.")
    private Path junit;

    @Override
    public Integer call() {
        List<Path> before = new ArrayList<>(baselines);
        List<Path> after = new ArrayList<>(currents);
        if (positional.size() == 1) {
            throw new UsageException("compare takes BASELINE and CURRENT, or --baseline and --current: one path given ("
                    + positional.getFirst() + ")");
        }
        if (positional.size() > 2) {
            throw new UsageException("compare takes two paths, BASELINE and CURRENT, not " + positional.size() + " ("
                    + names(positional) + "): for several runs on a side, repeat --baseline and --current,"
                    + " or give a folder");
        }
        if (positional.size() == 2) {
            before.addFirst(positional.get(0));
            after.addFirst(positional.get(1));
        }
        if (before.isEmpty() && after.isEmpty()) {
            throw new UsageException("compare needs a baseline and a current side: BASELINE CURRENT, or --baseline and --current");
        }
        if (before.isEmpty() || after.isEmpty()) {
            throw new UsageException("compare has " + (before.isEmpty() ? "no baseline (only --current " + names(after)
                    + "): add --baseline" : "no current side (only --baseline " + names(before) + "): add --current")
                    + " FILE|DIR");
        }
        Targets targets = targets(before, after);
        double shown = failOnRegression == null ? 0.05 : failOnRegression;
        PrintWriter err = spec.commandLine().getErr();
        List<BadDocumentException> skipped = new ArrayList<>();
        DocumentSet inputs = new DocumentSet(); // one set for both sides: a GPU's UUID names one model on both
        List<DocumentSet.Judged> baselineRuns = read(inputs, before, err, skipped);
        List<DocumentSet.Judged> currentRuns = read(inputs, after, err, skipped);
        CompareAnalysis.CompareFindings report = new CompareAnalysis(NoiseFloors.shipped(), shown, acrossModels, allowDisturbed)
                .compare(baselineRuns, currentRuns);
        if (report.rows().isEmpty() && report.missing().isEmpty() && report.problems().isEmpty() && !report.anyUnjudged()) {
            throw new UsageException("no result of " + names(before) + " matches one of " + names(after)
                    + " (GPUs are matched by host and UUID)");
        }
        PrintWriter out = spec.commandLine().getOut();
        if ((json || csv) && output.target() == null) {
            dev.xfer.app.format.StandardStream.carriesDocument(out); // UTF-8 whatever the locale
        }
        targets.write(report, shown, skipped.size(), out);
        if (failOnRegression == null) {
            // A report, not a gate: only a comparison without any baseline left has nothing to report.
            return report.noBaseline() ? ExitCode.DISTURBED : ExitCode.OK;
        }
        return switch (report.state(failOnRegression)) {
            case FAIL, NO_RESULT -> ExitCode.CHECK_FAILED;
            case DISTURBED -> ExitCode.DISTURBED;
            case PASS -> ExitCode.OK;
        };
    }

    /** Where the report goes (--output, else stdout) and --junit's file: resolved and checked before anything is read. */
    private record Targets(OutputTarget output, OutputTarget junit, Format format) {
        void write(CompareAnalysis.CompareFindings report, double threshold, int skipped, PrintWriter out) {
            Outputs.print(output, to -> {
                switch (format) {
                    case JSON -> to.write(CompareText.json(report, threshold));
                    case CSV -> CompareText.csv(report, threshold, to);
                    case TEXT -> to.write(CompareText.text(report, threshold, skipped));
                }
            }, out);
            if (junit != null) {
                Instant now = Instant.now();
                Outputs.write(junit, to -> CompareText.junit(report, threshold, now, to), out);
            }
        }
    }

    private enum Format { TEXT, JSON, CSV }

    /**
     * The outputs resolved, as fleet's: exit 2 when one would replace an input document, two name one
     * file, --junit would replace an xfer document, or stdout would carry two outputs.
     */
    private Targets targets(List<Path> before, List<Path> after) {
        if (json && csv) {
            throw new UsageException("--json and --csv exclude each other");
        }
        OutputTarget outputTarget = output.target();
        OutputTarget junitTarget = Outputs.resolve("--junit", junit);
        List<Path> inputs = new ArrayList<>(before);
        inputs.addAll(after);
        List<Path> files;
        try {
            files = DocumentSet.files(inputs);
        } catch (BadDocumentException e) {
            throw new UsageException(e.getMessage()); // a folder that cannot be listed
        }
        Outputs.requireApart(java.util.Arrays.asList(outputTarget, junitTarget), files);
        Outputs.requireNoDocumentReplaced(junitTarget);
        if (outputTarget == null) {
            Outputs.requireStdoutFree("the report (text, --json or --csv)", junitTarget);
        }
        return new Targets(outputTarget, junitTarget, json ? Format.JSON : csv ? Format.CSV : Format.TEXT);
    }

    private static String names(List<Path> paths) {
        return String.join(", ", paths.stream().map(Path::toString).toList());
    }

    /** One side's GPU runs, read by the same rules as fleet's (DocumentSet): files, folders, --skip-bad. */
    private List<DocumentSet.Judged> read(DocumentSet inputs, List<Path> side, PrintWriter err,
                                          List<BadDocumentException> skipped) {
        List<DocumentSet.Judged> runs = new ArrayList<>();
        try {
            inputs.each(side, skipBad, line -> {
                err.println("xfer: " + line);
                err.flush();
            }, skipped, runs::add);
        } catch (BadDocumentException e) {
            throw new UsageException(e.getMessage());
        }
        return runs;
    }
}
