package dev.xfer.app.commands;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.fleet.CompareRendering;
import dev.xfer.app.fleet.Comparison;
import dev.xfer.app.fleet.DocumentSet;
import dev.xfer.app.fleet.GpuRun;
import dev.xfer.app.fleet.Percent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer compare}: what changed between a baseline run and this one. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        header = "Compare xfer documents against a baseline: what got faster, what got slower, beyond noise.",
        description = {"BASELINE and CURRENT are two documents (their GPUs paired in order) or two directories (GPUs "
                + "matched by host and UUID, the latest run of each). For every result in both: the change, and whether "
                + "it is beyond the noise the documents record (3 standard errors of the two medians). Sorted worst first.",
                "Exit 1 when --fail-on-regression is given and a result got worse beyond noise by more than it."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASELINE", description = "A document or a directory of documents.")
    private Path baseline;

    @Parameters(index = "1", paramLabel = "CURRENT", description = "A document or a directory of documents.")
    private Path current;

    @Option(names = "--fail-on-regression", paramLabel = "PERCENT", converter = Percent.class,
            description = "Exit 1 when a throughput fell (or a time rose) beyond noise by more than this, e.g. 5%%.")
    private Double failOnRegression;

    @Option(names = "--json", description = "Print the comparison as JSON.")
    private boolean json;

    @Override
    public Integer call() {
        List<GpuRun> before = read(baseline);
        List<GpuRun> after = read(current);
        boolean files = !Files.isDirectory(baseline) && !Files.isDirectory(current);
        Comparison.Report report = new Comparison().compare(before, after, files);
        if (report.rows().isEmpty()) {
            throw new UsageException("no result of " + baseline + " matches one of " + current
                    + (files ? "" : " (GPUs are matched by host and UUID)"));
        }
        double threshold = failOnRegression == null ? Double.POSITIVE_INFINITY : failOnRegression;
        PrintWriter out = spec.commandLine().getOut();
        double shown = failOnRegression == null ? 0.05 : failOnRegression;
        out.print(json ? CompareRendering.json(report, shown) : CompareRendering.text(report, shown));
        out.flush();
        boolean failed = report.rows().stream().anyMatch(r -> r.failsAt(threshold));
        return failed ? ExitCode.CHECK_FAILED : ExitCode.OK;
    }

    private static List<GpuRun> read(Path side) {
        try {
            return new DocumentSet().read(List.of(side), false, line -> { });
        } catch (BadDocumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
