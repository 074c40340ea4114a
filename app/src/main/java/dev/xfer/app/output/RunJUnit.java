package dev.xfer.app.output;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.JUnitXml.TestCase;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A run as JUnit XML: one test case per measured configuration (failing when its data check
 * failed) and one per expectation outcome (failing with the measured value and the bound), so CI
 * test reporters show both.
 */
public final class RunJUnit {
    private RunJUnit() {
    }

    public static String render(RunContext context, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                Duration elapsed) {
        return JUnitXml.render(suites(context, runs, outcomes, elapsed));
    }

    /**
     * The suites of one device's run, so several devices' suites can go into one JUnit file. One
     * run's suite takes {@code elapsed}; where there are several, each run's suite is as long as
     * its cases ({@link MeasuredConfiguration#time}): {@code elapsed} was theirs together, and
     * suites that each claimed it would add up to more than the run took.
     */
    public static List<JUnitXml.TestSuite> suites(RunContext context, List<RunResults> runs,
                                                 List<ExpectationOutcome> outcomes, Duration elapsed) {
        return suites(context, runs, runs.size() == 1 ? List.of(elapsed) : runs.stream().map(RunJUnit::casesTime).toList(),
                outcomes);
    }

    /**
     * The suites of one device's runs, each run's suite as long as {@code times} says (smoke's
     * phases: the bandwidth suite the bandwidth phase, and so on), the expectations' none.
     *
     * @param times each run's wall-clock time, in the order of {@code runs}
     */
    public static List<JUnitXml.TestSuite> suites(RunContext context, List<RunResults> runs, List<Duration> times,
                                                 List<ExpectationOutcome> outcomes) {
        if (times.size() != runs.size()) {
            throw new IllegalArgumentException("one time per run: " + times.size() + " for " + runs.size());
        }
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResults run = runs.get(i);
            List<TestCase> cases = new ArrayList<>();
            for (MeasuredConfiguration c : run.configurations()) {
                JUnitXml.Outcome outcome = c.failure().<JUnitXml.Outcome>map(
                        f -> new JUnitXml.Failed(f, "xfer.CheckFailed", c.summary())).orElse(new JUnitXml.Passed());
                cases.add(new TestCase("xfer." + run.command() + ".device" + context.device().index(), c.name(),
                        c.time(), outcome, c.summary()));
            }
            cases.addAll(waived("xfer." + run.command() + ".device" + context.device().index(), run.waived()));
            suites.add(new JUnitXml.TestSuite("xfer " + run.command() + " (device " + context.device().index() + ": "
                    + context.device().name() + ")", context.started(), context.host(), times.get(i), cases));
        }
        if (!outcomes.isEmpty()) {
            List<TestCase> cases = new ArrayList<>();
            for (ExpectationOutcome o : outcomes) {
                String line = o.line();
                JUnitXml.Outcome outcome = outcome(o, line);
                cases.add(new TestCase("xfer.expect.device" + context.device().index(),
                        o.expectation() + " [" + o.metricName() + "]", Duration.ZERO, outcome, line));
            }
            suites.add(new JUnitXml.TestSuite("xfer expectations (device " + context.device().index() + ")",
                    context.started(), context.host(), Duration.ZERO, cases));
        }
        return suites;
    }

    /** The sum of a run's cases' times: the time a suite can show for itself without a clock of its own. */
    static Duration casesTime(RunResults run) {
        return run.configurations().stream().map(MeasuredConfiguration::time).reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * One repetition's suites of a run with {@code --runs N}: each suite named with the
     * repetition, each result's case named with {@code .runK} (as {@code .gpuN} names devices
     * apart), each expectation's with {@code (run K)}, so no two cases of the report share a name.
     */
    public static List<JUnitXml.TestSuite> repetition(List<JUnitXml.TestSuite> suites, int run, int runs) {
        List<JUnitXml.TestSuite> out = new ArrayList<>();
        for (JUnitXml.TestSuite suite : suites) {
            List<TestCase> cases = new ArrayList<>();
            for (TestCase c : suite.testCases()) {
                String name = c.className().startsWith("xfer.expect") ? c.name() + " (run " + run + ")"
                        : c.name() + ".run" + run;
                cases.add(new TestCase(c.className(), name, c.time(), c.outcome(), c.systemOut()));
            }
            out.add(new JUnitXml.TestSuite(suite.name() + " (run " + run + " of " + runs + ")", suite.timestamp(),
                    suite.hostname(), suite.time(), cases));
        }
        return out;
    }

    /**
     * A run over several devices as JUnit XML: each device's suites as {@link #suites} makes them
     * (without expectations), one suite per run that spans the devices ({@code across}, e.g. all
     * GPUs copying at once), and one suite for all the expectation outcomes.
     *
     * @param contexts  the devices, in the order measured; at least one
     * @param perDevice each device's runs, in the same order as {@code contexts}
     */
    public static String renderDevices(List<RunContext> contexts, List<List<RunResults>> perDevice,
                                       List<RunResults> across, List<ExpectationOutcome> outcomes, Duration elapsed) {
        return JUnitXml.render(suitesDevices(contexts, perDevice, across, outcomes, elapsed));
    }

    /** The suites of {@link #renderDevices}, so a stopped run can add those it did not measure. */
    public static List<JUnitXml.TestSuite> suitesDevices(List<RunContext> contexts, List<List<RunResults>> perDevice,
                                                        List<RunResults> across, List<ExpectationOutcome> outcomes,
                                                        Duration elapsed) {
        if (contexts.isEmpty() || contexts.size() != perDevice.size()) {
            throw new IllegalArgumentException("one list of runs per device, at least one device");
        }
        List<JUnitXml.TestSuite> suites = new ArrayList<>();
        // The devices were measured one after another (and the runs across them after that): a
        // suite of each that claimed the whole run's time would add up to several times it.
        for (int i = 0; i < contexts.size(); i++) {
            suites.addAll(suites(contexts.get(i), perDevice.get(i),
                    perDevice.get(i).stream().map(RunJUnit::casesTime).toList(), List.of()));
        }
        RunContext first = contexts.getFirst();
        String indices = String.join(", ", contexts.stream().map(c -> Integer.toString(c.device().index())).toList());
        String classSuffix = ".devices" + String.join("-", contexts.stream()
                .map(c -> Integer.toString(c.device().index())).toList());
        for (RunResults run : across) {
            List<TestCase> cases = new ArrayList<>();
            for (MeasuredConfiguration c : run.configurations()) {
                JUnitXml.Outcome outcome = c.failure().<JUnitXml.Outcome>map(
                        f -> new JUnitXml.Failed(f, "xfer.CheckFailed", c.summary())).orElse(new JUnitXml.Passed());
                cases.add(new TestCase("xfer." + run.command() + classSuffix, c.name(), c.time(), outcome,
                        c.summary()));
            }
            cases.addAll(waived("xfer." + run.command() + classSuffix, run.waived()));
            suites.add(new JUnitXml.TestSuite("xfer " + run.command() + " (devices " + indices + ")", first.started(),
                    first.host(), casesTime(run), cases));
        }
        if (!outcomes.isEmpty()) {
            List<TestCase> cases = new ArrayList<>();
            for (ExpectationOutcome o : outcomes) {
                String line = o.line();
                JUnitXml.Outcome outcome = outcome(o, line);
                cases.add(new TestCase("xfer.expect" + classSuffix, o.expectation() + " [" + o.metricName() + "]",
                        Duration.ZERO, outcome, line));
            }
            suites.add(new JUnitXml.TestSuite("xfer expectations (devices " + indices + ")", first.started(),
                    first.host(), Duration.ZERO, cases));
        }
        return suites;
    }

    /**
     * A waived configuration's test case: skipped with its reason as the message, named by its
     * configuration as the text's {@code waived:} line names it (a measured row's case is named by
     * its result), so CI shows what this machine could not measure rather than fewer green cases.
     */
    private static List<TestCase> waived(String className, List<dev.xfer.app.result.Waiver> waivers) {
        return waivers.stream().map(w -> new TestCase(className, w.configuration(), Duration.ZERO,
                new JUnitXml.Skipped(w.reason()), null)).toList();
    }

    /** An expectation's test case: passed, failed, or skipped when the run stopped before its result. */
    private static JUnitXml.Outcome outcome(ExpectationOutcome o, String line) {
        if (o.passed()) {
            return new JUnitXml.Passed();
        }
        return o.evaluated() ? new JUnitXml.Failed(line, "xfer.ExpectationFailed", line) : new JUnitXml.Skipped(line);
    }

    /**
     * The results a stopped run never measured, one skipped test case each, so CI shows
     * what is missing rather than fewer green cases.
     *
     * @param why the run's stop, e.g. {@code interrupted (SIGINT) after 37 of 210 configurations}
     */
    public static JUnitXml.TestSuite notMeasured(RunContext context, String command, List<String> names, String why) {
        List<TestCase> cases = new ArrayList<>();
        for (String name : names) {
            cases.add(new TestCase("xfer." + command + ".device" + context.device().index(), name, Duration.ZERO,
                    new JUnitXml.Skipped("not measured: " + why), null));
        }
        return new JUnitXml.TestSuite("xfer " + command + " (not measured: " + why + ")", context.started(),
                context.host(), Duration.ZERO, cases);
    }

    /**
     * A disturbed GPU's evidence as a suite of its own: one skipped case per disturbance, named by
     * its kind, the detail as the skip message and on system-out (a CI page shows why the GPU's
     * figures were not judged). Empty for an undisturbed GPU.
     *
     * @param index   the GPU's CUDA index
     * @param context the run's context (host and start; any of its GPUs')
     */
    public static java.util.Optional<JUnitXml.TestSuite> disturbances(int index, RunContext context,
                                                                      List<dev.xfer.app.result.Disturbance> disturbances) {
        if (disturbances.isEmpty()) {
            return java.util.Optional.empty();
        }
        List<TestCase> cases = new ArrayList<>();
        for (dev.xfer.app.result.Disturbance d : disturbances) {
            cases.add(new TestCase("xfer.evidence.device" + index, d.kind().label(), Duration.ZERO,
                    new JUnitXml.Skipped("disturbed: " + d.detail()), d.detail()));
        }
        return java.util.Optional.of(new JUnitXml.TestSuite("xfer evidence (device " + index + ": disturbed, re-run)",
                context.started(), context.host(), Duration.ZERO, cases));
    }
}
