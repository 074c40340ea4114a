package dev.xfer.app.run;

import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.output.RowHints;

import java.util.List;
import java.util.Optional;

/**
 * The end of a run without --runs: one judged run written in the chosen format (to --output or
 * stdout), its PASS/FAIL lines where they belong, a stop said on stderr, and --junit,
 * --openmetrics and --html.
 */
final class OneRunEnd {
    private final RunOutputs outputs;
    /** The hint line for a GPU whose rows ran far below its link; none unless the command gives them. */
    private final RowHints hints;

    OneRunEnd(RunOutputs outputs, RowHints hints) {
        this.outputs = outputs;
        this.hints = hints;
    }

    /**
     * @param perDevice each device's context and results: what the hint lines judge
     * @param stream    the rows streamed to stdout as they were measured, if they were
     */
    FinishedRun write(JudgedRun run, List<DeviceResults> perDevice, Optional<RowStream> stream) {
        OutputFormat format = outputs.format();
        MeasuringRun.Targets targets = outputs.targets();
        RunEnding ending = run.ending();
        RunEvidence evidence = run.evidence();
        // Beside the PASS/FAIL lines, and where they go: what can explain the figures.
        StringBuilder lines = run.verdictLines();
        // One line per GPU whose copies ran far below its link, naming the top cause already readable.
        for (DeviceResults d : perDevice) {
            int index = d.context().device().index();
            Optional<String> disturbance = Optional.ofNullable(evidence.found().get(index))
                    .flatMap(RunEvidence.Found::line);
            hints.hint(d.context(), d.results(), disturbance)
                    .ifPresent(h -> lines.append(TerminalText.field(h)).append('\n'));
        }
        RowStream.SummaryLine summary = format == OutputFormat.JSONL
                ? RowStream.summary(run.document(), ending.complete()) : null;
        String body = switch (format) {
            case TEXT -> run.rendering().text().get() + lines + run.incompleteLine();
            case CSV -> run.rendering().csv().get();
            case JSON -> Json.write(run.document());
            case JSONL -> RowStream.all(format, run.rendering(), summary);
        };
        if (!targets.resultsOnStdout()) {
            outputs.write(targets.output(), body);
            if (!lines.isEmpty() && targets.otherOutputOnStdout()) {
                outputs.printErr(lines); // stdout carries another output, which the lines would spoil
            } else if (!lines.isEmpty()) {
                outputs.print(lines.toString());
            }
        } else {
            if (stream.isPresent()) {
                stream.get().end(run.rendering(), summary);
            } else {
                outputs.print(body);
            }
            if (format != OutputFormat.TEXT && !lines.isEmpty()) {
                outputs.printErr(lines);
            }
        }
        if (!ending.complete() && !ending.stoppedBy().orElseThrow().concernsStdout()) {
            // On stderr as well, so a log or a terminal says it even when the results went to a file.
            // Not when stdout failed: a closed pipe ends quietly, a failed write said so already.
            outputs.warn(ending.line() + "; the results measured so far were kept, marked incomplete");
        }
        if (targets.junit() != null) {
            outputs.write(targets.junit(), JUnitXml.render(run.junitSuites()));
        }
        if (targets.openMetrics() != null) {
            // From the records the document is written from (JSON keeps every digit): the figures the JSON carries.
            outputs.write(targets.openMetrics(), OpenMetrics.render(DocumentResults.of(targets.openMetrics().given(),
                    run.annotated())));
        }
        if (targets.html() != null) {
            // From the records the document is written from: the records xfer plot binds a saved file into.
            outputs.write(targets.html(), outputs.html().draw(run.annotated()));
        }
        return run.finished();
    }
}
