package dev.xfer.app.fleet.command;

import dev.xfer.app.cli.OutputMixin;
import dev.xfer.app.run.Outputs;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.fleet.DocumentSet;
import dev.xfer.app.fleet.FleetAnalysis;
import dev.xfer.app.fleet.FleetText;
import dev.xfer.app.fleet.FleetRule;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.fleet.FleetMembers;
import dev.xfer.app.cli.Percent;
import dev.xfer.app.format.OutputTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
        description = {"Reads xfer JSON documents (any measuring command, smoke included; directories "
                + "are searched for *.json) one at a time, groups GPUs by model, and for every "
                + "result finds the GPUs worse than the median by more than the band (the larger "
                + "of --margin and the result kind's noise floor) and, in groups of 10 or more, "
                + "with a modified z-score below -3.5; a link narrower than its maximum width is "
                + "degraded. A document that records a failure makes its node FAIL; one with no "
                + "result (none measured, an unknown command, a run marked incomplete, a smoke "
                + "run that did not finish its checks) makes it NO RESULT. A GPU run whose "
                + "evidence found a disturbance (a foreign process, foreign link traffic, "
                + "throttling, a link retrain or replays) is DISTURBED: its figures and recorded "
                + "failures are not judged (--allow-disturbed judges them, marked). Prints a "
                + "summary per model, then every node that did not pass (--all-rows: everything). "
                + "Exit 0 when every node passed, 1 when any FAILed or had NO RESULT (unless "
                + "--allow-incomplete), else 6 when any was DISTURBED (re-run), 2 for an "
                + "unreadable document."})
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

    /** --output FILE: the report there instead of stdout. */
    @Mixin
    private OutputMixin output;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write JUnit XML: one test case per node and GPU run.")
    private Path junit;

    @Option(names = "--openmetrics", paramLabel = "FILE",
            description = "Also write every GPU's results, all documents merged, in the OpenMetrics text format (a node_exporter textfile must end in .prom).")
    private Path openMetrics;

    @Option(names = "--all-rows", description = "Print every GPU's row for every result and every node's line, not the summary.")
    private boolean allRows;

    @Option(names = "--allow-incomplete", description = "Exit 0 when nodes had NO RESULT but none FAILed (they are still listed).")
    private boolean allowIncomplete;

    @Option(names = "--allow-disturbed",
            description = "Judge the figures of GPU runs measured while disturbed as any others (marked disturbed) instead of exiting 6.")
    private boolean allowDisturbed;

    @Option(names = "--skip-bad", description = "Name each unreadable document on stderr and read the others.")
    private boolean skipBad;

    @Override
    public Integer call() {
        if (json && csv) {
            throw new UsageException("--json and --csv exclude each other");
        }
        OutputTarget outputTarget = output.target();
        OutputTarget junitTarget = Outputs.resolve("--junit", junit);
        OutputTarget openMetricsTarget = Outputs.resolve("--openmetrics", openMetrics);
        List<Path> files;
        try {
            files = DocumentSet.files(inputs);
        } catch (BadDocumentException e) {
            throw new UsageException(e.getMessage()); // a folder that cannot be listed
        }
        Outputs.requireApart(java.util.Arrays.asList(outputTarget, junitTarget, openMetricsTarget), files);
        Outputs.requireNoDocumentReplaced(junitTarget, openMetricsTarget);
        if (outputTarget == null) {
            Outputs.requireStdoutFree("the report (text, --json or --csv)", junitTarget, openMetricsTarget);
        }
        PrintWriter err = spec.commandLine().getErr();
        FleetMembers members = new FleetMembers();
        List<BadDocumentException> skipped = new java.util.ArrayList<>();
        // Only for --openmetrics, which writes every GPU's results; kept as numbers, as the verdict's are.
        OpenMetrics.Exposition metrics = openMetricsTarget == null ? null : new OpenMetrics.Exposition();
        try {
            new DocumentSet().each(inputs, skipBad, line -> {
                err.println("xfer: " + line);
                err.flush();
            }, skipped, judged -> {
                members.add(judged.run(), judged.status());
                if (metrics != null) {
                    metrics.add(judged.run().results());
                }
            });
        } catch (BadDocumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (members.members().isEmpty()) {
            throw new UsageException("no GPU results in " + inputs.stream().map(Path::toString).reduce((a, b) -> a + ", " + b).orElse(""));
        }
        var report = new FleetAnalysis(new FleetRule(margin, FleetRule.standard().zLimit()), allowDisturbed).analyse(members);
        PrintWriter out = spec.commandLine().getOut();
        if (json || csv) {
            dev.xfer.app.format.StandardStream.carriesDocument(out); // UTF-8 whatever the locale
        }
        // JSON, CSV, JUnit and OpenMetrics grow with the fleet: each is written as it is produced.
        Outputs.print(outputTarget, to -> {
            if (json) {
                FleetText.json(report, to);
            } else if (csv) {
                FleetText.csv(report, to);
            } else {
                FleetText.text(report, allRows, allowIncomplete, skipped.size(), to);
            }
        }, out);
        if (junitTarget != null) {
            Instant now = Instant.now();
            Outputs.write(junitTarget, to -> FleetText.junit(report, now, skipped, to), out);
        }
        if (metrics != null) {
            Outputs.write(openMetricsTarget, metrics::writeTo, out);
            for (String note : metrics.notes()) {
                err.println("xfer: --openmetrics: " + note);
            }
            err.flush();
        }
        return switch (report.verdict(allowIncomplete)) {
            case PASS -> ExitCode.OK;
            case NO_RESULT -> allowIncomplete ? ExitCode.OK : ExitCode.CHECK_FAILED;
            case DISTURBED -> ExitCode.DISTURBED;
            case FAIL -> ExitCode.CHECK_FAILED;
        };
    }
}
