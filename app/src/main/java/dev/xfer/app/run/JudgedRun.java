package dev.xfer.app.run;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.output.ExpectationRow;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.RunJUnit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One measurement as it ended, judged: how it ended, its expectations' outcomes and its GPUs'
 * evidence, with what every output writes of it (the PASS/FAIL lines, the document, the --junit
 * suites). The document is annotated with the evidence once, however many outputs take it.
 */
final class JudgedRun {
    private final String command;
    private final List<Metric> metrics;
    private final boolean configurationsPassed;
    private final ValidatedExpectations expectations;
    private final Rendering rendering;
    private final RunContext first;
    private final Function<List<ExpectationOutcome>, List<JUnitXml.TestSuite>> junitSuites;
    private final RunEnding ending;
    private final List<ExpectationOutcome> outcomes;
    private final RunEvidence evidence;
    private RunDocument annotated;

    /**
     * @param first       the context of the first device: what the disturbance and not-measured suites name
     * @param junitSuites the --junit suites of the results, given the outcomes (asked when --junit is written)
     */
    JudgedRun(String command, List<Metric> metrics, boolean configurationsPassed, ValidatedExpectations expectations,
              Rendering rendering, RunContext first,
              Function<List<ExpectationOutcome>, List<JUnitXml.TestSuite>> junitSuites, RunEnding ending,
              RunEvidence evidence) {
        this.command = command;
        this.metrics = metrics;
        this.configurationsPassed = configurationsPassed;
        this.expectations = expectations;
        this.rendering = rendering;
        this.first = first;
        this.junitSuites = junitSuites;
        this.ending = ending;
        this.outcomes = expectations.evaluate(metrics, ending.complete());
        this.evidence = evidence;
    }

    Rendering rendering() {
        return rendering;
    }

    RunEnding ending() {
        return ending;
    }

    List<Metric> metrics() {
        return metrics;
    }

    RunEvidence evidence() {
        return evidence;
    }

    /** The PASS/FAIL lines, then what the evidence found that can explain the figures, one a line. */
    StringBuilder verdictLines() {
        StringBuilder lines = new StringBuilder();
        for (ExpectationOutcome o : outcomes) {
            lines.append(o.line()).append('\n');
        }
        for (String line : evidence.lines()) {
            lines.append(TerminalText.field(line)).append('\n');
        }
        return lines;
    }

    /** {@code INCOMPLETE: <why>} as the text report's last line; empty for a complete run. */
    String incompleteLine() {
        return ending.complete() ? "" : "INCOMPLETE: " + ending.line() + "\n";
    }

    /** The document with each GPU's evidence and disturbances; made once. */
    RunDocument annotated() {
        if (annotated == null) {
            annotated = evidence.annotate(rendering.json().get());
        }
        return annotated;
    }

    /** The JSON document with the expectations' outcomes, and {@code complete}/{@code stopped} when the run stopped early. */
    RunDocument document() {
        // complete and stopped only on a stopped run, so complete documents stay as they were:
        // absent means complete.
        return annotated().withOutcome(ExpectationRow.of(outcomes), ending.stopped());
    }

    /**
     * The --junit suites: the results', one per disturbed GPU, and for a stopped run one naming
     * the expectations it never measured.
     */
    List<JUnitXml.TestSuite> junitSuites() {
        List<JUnitXml.TestSuite> suites = new ArrayList<>(junitSuites.apply(outcomes));
        for (int index : evidence.found().keySet()) {
            RunJUnit.disturbances(index, first, evidence.disturbances(index)).ifPresent(suites::add);
        }
        if (!ending.complete()) {
            Set<String> done = metrics.stream().map(Metric::name).collect(Collectors.toSet());
            List<String> missing = expectations.declaredNames().stream().filter(n -> !done.contains(n)).toList();
            suites.add(RunJUnit.notMeasured(first, command, missing, ending.line()));
        }
        return suites;
    }

    /** Whether the run measured everything, every configuration passed and every expectation held. */
    boolean passed() {
        return ending.complete() && configurationsPassed && outcomes.stream().allMatch(ExpectationOutcome::passed);
    }

    /** What the run returns: stopped, or complete with its verdict and whether a GPU was disturbed. */
    FinishedRun finished() {
        if (!ending.complete()) {
            return FinishedRun.stopped(ending.stoppedBy().orElseThrow());
        }
        return FinishedRun.complete(passed()).withDisturbed(evidence.disturbed());
    }
}
