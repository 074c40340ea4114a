package dev.xfer.app.run;

import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.RunJUnit;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The end of a run with --runs N (N > 1): each repetition is kept as it ends, what it would have
 * written alone, and all are written together once the last ends or the run stops.
 */
final class RepeatedRunEnd {
    private final String command;
    private final RunOutputs outputs;
    private final Repetitions repetitions;

    RepeatedRunEnd(String command, RunOutputs outputs, Repetitions repetitions) {
        this.command = command;
        this.outputs = outputs;
        this.repetitions = repetitions;
    }

    /**
     * One repetition ended: keeps what it would have written alone; only its PASS/FAIL lines are
     * written now, each naming the repetition, and the rest of its streamed rows.
     */
    FinishedRun keep(JudgedRun ended, Optional<RowStream> stream) {
        OutputFormat format = outputs.format();
        MeasuringRun.Targets targets = outputs.targets();
        int run = repetitions.current();
        // Beside the PASS/FAIL lines, as a run without --runs has them: what can explain its figures.
        StringBuilder lines = ended.verdictLines();
        String text = format == OutputFormat.TEXT ? ended.rendering().text().get() + lines + ended.incompleteLine() : "";
        List<String> rows = outputs.rows() ? RowStream.rows(format, ended.rendering(), run) : List.of();
        // The rest of this repetition's rows; the JSON Lines summary comes once, at the very end.
        stream.ifPresent(s -> s.end(ended.rendering(), null));
        // The PASS/FAIL lines go where a run without --runs puts them, each naming its repetition.
        String named = lines.toString().lines().map(l -> "run " + run + ": " + l + "\n").collect(Collectors.joining());
        if (!targets.resultsOnStdout()) {
            if (!named.isEmpty()) {
                outputs.print(named);
            }
        } else if (format != OutputFormat.TEXT && !named.isEmpty()) {
            outputs.printErr(named);
        }
        List<JUnitXml.TestSuite> suites = targets.junit() != null ? ended.junitSuites() : List.of();
        repetitions.add(new Repetitions.Repetition(run, text, rows, ended.document(),
                RunJUnit.repetition(suites, run, repetitions.planned()), ended.metrics(), ended.ending(),
                ended.passed(), ended.evidence().disturbed()));
        return ended.finished();
    }

    /**
     * Every repetition's results in the chosen format (to --output or stdout), --junit with every
     * repetition's suites, --openmetrics with each repetition as a run (a {@code run} label), and
     * --html drawn from the last repetition.
     *
     * @param stream the last repetition's rows streamed to stdout, if they were
     */
    FinishedRun writeAll(Optional<RowStream> stream) {
        OutputFormat format = outputs.format();
        MeasuringRun.Targets targets = outputs.targets();
        RepeatedDocument doc = repetitions.document(command);
        boolean complete = repetitions.complete();
        String body = switch (format) {
            case TEXT -> repetitions.text() + (complete ? "" : "INCOMPLETE: " + repetitions.stopLine() + "\n");
            case CSV -> lines(repetitions.rows());
            case JSON -> Json.write(doc);
            case JSONL -> lines(repetitions.rows()) + Json.writeLine(RowStream.summary(doc, complete)) + "\n";
        };
        if (!targets.resultsOnStdout()) {
            outputs.write(targets.output(), body);
        } else if (format == OutputFormat.JSONL && stream.isPresent()) {
            // The rows went out as each repetition measured them.
            outputs.print(Json.writeLine(RowStream.summary(doc, complete)) + "\n");
        } else if (!(format == OutputFormat.CSV && stream.isPresent())) {
            outputs.print(body);
        }
        if (format != OutputFormat.TEXT || !targets.resultsOnStdout()) {
            outputs.err().println(repetitions.runsLine());
            outputs.err().flush();
        }
        Optional<StopRequest.Reason> stoppedBy = repetitions.stoppedBy();
        if (stoppedBy.isPresent() && !stoppedBy.get().concernsStdout() || repetitions.failure().isPresent()) {
            outputs.warn(repetitions.stopLine() + "; the runs measured so far were kept, marked incomplete");
        }
        if (targets.junit() != null) {
            outputs.write(targets.junit(), JUnitXml.render(repetitions.suites()));
        }
        if (targets.openMetrics() != null) {
            outputs.write(targets.openMetrics(), OpenMetrics.render(doc.runs().isEmpty() ? List.of()
                    : DocumentResults.of(targets.openMetrics().given(), doc)));
        }
        List<Repetitions.Repetition> done = repetitions.done();
        if (targets.html() != null && !done.isEmpty()) {
            outputs.write(targets.html(), outputs.html().draw(done.getLast().document()));
        }
        if (stoppedBy.isPresent()) {
            return FinishedRun.stopped(stoppedBy.get());
        }
        return FinishedRun.complete(repetitions.passed()).withDisturbed(repetitions.disturbed());
    }

    private static String lines(List<String> rows) {
        StringBuilder s = new StringBuilder();
        rows.forEach(r -> s.append(r).append('\n'));
        return s.toString();
    }
}
