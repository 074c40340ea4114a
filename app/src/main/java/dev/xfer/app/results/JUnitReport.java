package dev.xfer.app.results;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.report.JUnitXml;
import dev.xfer.app.report.JUnitXml.TestCase;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A run as JUnit XML: one test case per measured configuration (failing when its data check
 * failed) and one per expectation outcome (failing with the measured value and the bound), so CI
 * test reporters show both.
 */
public final class JUnitReport {
    private JUnitReport() {
    }

    public static String render(RunContext context, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                Duration elapsed) {
        return JUnitXml.render(suites(context, runs, outcomes, elapsed));
    }

    /** The suites of one device's run, so several devices' suites can go into one report. */
    public static List<JUnitXml.TestSuite> suites(RunContext context, List<RunResults> runs,
                                                 List<ExpectationOutcome> outcomes, Duration elapsed) {
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        for (RunResults run : runs) {
            List<TestCase> cases = new ArrayList<>();
            for (MeasuredConfiguration c : run.configurations()) {
                JUnitXml.Outcome outcome = c.failure().<JUnitXml.Outcome>map(
                        f -> new JUnitXml.Failed(f, "xfer.CheckFailed", c.summary())).orElse(new JUnitXml.Passed());
                cases.add(new TestCase("xfer." + run.command() + ".device" + context.device().index(), c.name(),
                        Duration.ZERO, outcome, c.summary()));
            }
            suites.add(new JUnitXml.TestSuite("xfer " + run.command() + " (device " + context.device().index() + ": "
                    + context.device().name() + ")", context.started(), context.host(), elapsed, cases));
        }
        if (!outcomes.isEmpty()) {
            List<TestCase> cases = new ArrayList<>();
            for (ExpectationOutcome o : outcomes) {
                String line = o.line();
                JUnitXml.Outcome outcome = o.passed() ? new JUnitXml.Passed()
                        : new JUnitXml.Failed(line, "xfer.ExpectationFailed", line);
                cases.add(new TestCase("xfer.expect.device" + context.device().index(),
                        o.expectation() + " [" + o.metricName() + "]", Duration.ZERO, outcome, line));
            }
            suites.add(new JUnitXml.TestSuite("xfer expectations (device " + context.device().index() + ")",
                    context.started(), context.host(), Duration.ZERO, cases));
        }
        return suites;
    }
}
