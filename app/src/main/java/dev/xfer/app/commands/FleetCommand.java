package dev.xfer.app.commands;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.fleet.DocumentSet;
import dev.xfer.app.fleet.FleetAnalysis;
import dev.xfer.app.fleet.FleetRendering;
import dev.xfer.app.fleet.FleetRule;
import dev.xfer.app.fleet.GpuRun;
import dev.xfer.app.fleet.OpenMetrics;
import dev.xfer.app.fleet.Percent;
import dev.xfer.app.report.OutputTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer fleet}: many nodes' documents, the GPUs well below their peers. */
@Command(name = "fleet", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        header = "Merge xfer documents from many nodes and find the GPUs well below their peers.",
        description = {"Reads xfer JSON documents (any measuring command, smoke included; directories are searched "
                + "for *.json), groups GPUs by model, and for every result prints the median, the MAD and each GPU's "
                + "deviation. A GPU is an outlier when its modified z-score is below -3.5 and it is worse than the "
                + "median by more than --margin (two GPUs: worse than the better one by more than --margin); a link "
                + "narrower than its maximum width is degraded. One verdict line per node.",
                "Exit 0 when none is, 1 when any is, 2 for an unreadable document."})
public final class FleetCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "xfer JSON documents, or directories holding them.")
    private List<Path> inputs;

    @Option(names = "--margin", paramLabel = "PERCENT", converter = Percent.class, defaultValue = "10%",
            description = "How far worse than the median an outlier must also be (default ${DEFAULT-VALUE}).")
    private double margin;

    @Option(names = "--json", description = "Print the report as JSON.")
    private boolean json;

    @Option(names = "--csv", description = "Print the report as CSV: one row per result and GPU run.")
    private boolean csv;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write JUnit XML: one test case per node and GPU run.")
    private Path junit;

    @Option(names = "--openmetrics", paramLabel = "FILE",
            description = "Also write every GPU's results, all documents merged, in the OpenMetrics text format (a node_exporter textfile must end in .prom).")
    private Path openMetrics;

    @Option(names = "--skip-bad", description = "Name each unreadable document on stderr and read the others.")
    private boolean skipBad;

    @Override
    public Integer call() {
        if (json && csv) {
            throw new UsageException("--json and --csv exclude each other");
        }
        OutputTarget junitTarget = Outputs.resolve("--junit", junit);
        OutputTarget openMetricsTarget = Outputs.resolve("--openmetrics", openMetrics);
        Outputs.requireApart(java.util.Arrays.asList(junitTarget, openMetricsTarget), DocumentSet.files(inputs));
        Outputs.requireNoDocumentReplaced(junitTarget, openMetricsTarget);
        PrintWriter err = spec.commandLine().getErr();
        List<GpuRun> runs;
        List<BadDocumentException> skipped = new java.util.ArrayList<>();
        try {
            runs = new DocumentSet().read(inputs, skipBad, line -> {
                err.println("xfer: " + line);
                err.flush();
            }, skipped);
        } catch (BadDocumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (runs.isEmpty()) {
            throw new UsageException("no GPU results in " + inputs.stream().map(Path::toString).reduce((a, b) -> a + ", " + b).orElse(""));
        }
        var report = new FleetAnalysis(new FleetRule(margin, FleetRule.standard().zLimit())).analyse(runs);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? FleetRendering.json(report) : csv ? FleetRendering.csv(report) : FleetRendering.text(report));
        out.flush();
        if (junitTarget != null) {
            Outputs.write(junitTarget, FleetRendering.junit(report, Instant.now(), skipped), out);
        }
        if (openMetricsTarget != null) {
            Outputs.write(openMetricsTarget, OpenMetrics.render(runs), out);
        }
        return report.passed() ? ExitCode.OK : ExitCode.CHECK_FAILED;
    }
}
