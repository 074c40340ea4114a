package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpectationSetTest {

    /** What a small bandwidth, overlap and check run would declare. */
    private static final List<MetricDeclaration> RUN = List.of(
            MetricDeclaration.overLink("pinned.h2d.4KiB"),
            MetricDeclaration.overLink("pinned.h2d.16MiB"),
            MetricDeclaration.overLink("pinned.d2h.4KiB"),
            MetricDeclaration.overLink("pinned.d2h.16MiB"),
            MetricDeclaration.of("pinned.d2d.16MiB", MetricUnit.GBPS),
            MetricDeclaration.of("overlap.v1.ms", MetricUnit.MILLISECONDS),
            MetricDeclaration.of("overlap.v1.speedup", MetricUnit.RATIO),
            MetricDeclaration.of("overlap.v1.efficiency", MetricUnit.RATIO),
            MetricDeclaration.of("overlap.v1.error", MetricUnit.NUMBER),
            MetricDeclaration.of("check.d2h-nosync.wrong", MetricUnit.COUNT),
            MetricDeclaration.of("check.synchronized.wrong", MetricUnit.COUNT));

    private static ValidatedExpectations validated(String... texts) {
        return ExpectationSet.parse(List.of(texts)).validate(RUN);
    }

    private static List<String> problems(String... texts) {
        return assertThrows(ExpectationException.class, () -> validated(texts)).problems();
    }

    // --- validation ---

    @Test
    void acceptsExpectationsThatSelectDeclaredResultsInFittingUnits() {
        ValidatedExpectations v = validated("pinned.h2d.16MiB >= 45GB/s", "pinned.d2h >= 80%link",
                "overlap.v1.speedup >= 1.5", "check.synchronized.wrong == 0", "pinned >= 1000MB/s",
                "overlap.v1.ms < 900us", "overlap.v1.speedup >= 1.5x", "overlap.v1.error <= 1e-6",
                "check >= 0", "pinned.d2d.16MiB >= 100");
        assertEquals(10, v.expectations().size());
    }

    @Test
    void noExpectationsIsAnEmptySet() {
        ExpectationSet none = ExpectationSet.parse(List.of());
        assertTrue(none.isEmpty());
        assertEquals(List.of(), none.validate(List.of()).evaluate(List.of()));
        assertFalse(ExpectationSet.parse(List.of("a > 1")).isEmpty());
    }

    @Test
    void namesTheResultsNearestToAnUnknownName() {
        assertEquals(List.of("--expect 'pinned.h2d.32MiB >= 1GB/s': this run produces no result named "
                        + "pinned.h2d.32MiB (it produces: pinned.h2d.4KiB, pinned.h2d.16MiB)"),
                problems("pinned.h2d.32MiB >= 1GB/s"));
        assertEquals(List.of("--expect 'pinned.h2 >= 1': this run produces no result named pinned.h2 "
                        + "(it produces: pinned.h2d.4KiB, pinned.h2d.16MiB, pinned.d2h.4KiB, pinned.d2h.16MiB, "
                        + "pinned.d2d.16MiB)"),
                problems("pinned.h2 >= 1"));
    }

    @Test
    void listsAtMostTenNamesWhenNothingIsNear() {
        assertEquals(List.of("--expect 'pageable.h2d >= 1': this run produces no result named pageable.h2d "
                        + "(it produces: pinned.h2d.4KiB, pinned.h2d.16MiB, pinned.d2h.4KiB, pinned.d2h.16MiB, "
                        + "pinned.d2d.16MiB, overlap.v1.ms, overlap.v1.speedup, overlap.v1.efficiency, "
                        + "overlap.v1.error, check.d2h-nosync.wrong and 1 more)"),
                problems("pageable.h2d >= 1"));
    }

    @Test
    void saysSoWhenTheRunProducesNothing() {
        ExpectationException e = assertThrows(ExpectationException.class,
                () -> ExpectationSet.parse(List.of("pinned.h2d >= 1")).validate(List.of()));
        assertEquals("--expect 'pinned.h2d >= 1': this run produces no result named pinned.h2d "
                + "(it produces no results)", e.getMessage());
    }

    @Test
    void namesTheCanonicalNameButQuotesTheTextAsTyped() {
        assertEquals(List.of("--expect ' pinned.h2d.32768KiB>=1 ': this run produces no result named "
                        + "pinned.h2d.32MiB (it produces: pinned.h2d.4KiB, pinned.h2d.16MiB)"),
                problems(" pinned.h2d.32768KiB>=1 "));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "overlap.v1.speedup >= 1.5GB/s | overlap.v1.speedup is a ratio; GB/s does not apply",
            "overlap.v1.speedup >= 1.5ms   | overlap.v1.speedup is a ratio; ms does not apply",
            "overlap.v1.ms <= 2x           | overlap.v1.ms is a time in ms; x does not apply",
            "overlap.v1.ms <= 20GB/s       | overlap.v1.ms is a time in ms; GB/s does not apply",
            "overlap.v1.error <= 1us       | overlap.v1.error is a plain number; us does not apply",
            "check.synchronized.wrong == 0x | check.synchronized.wrong is a count; x does not apply",
            "pinned.h2d.16MiB >= 1x        | pinned.h2d.16MiB is a bandwidth in GB/s; x does not apply",
            "pinned.h2d.16MiB >= 1ms       | pinned.h2d.16MiB is a bandwidth in GB/s; ms does not apply",
            "overlap.v1.speedup >= 80%link | overlap.v1.speedup is a ratio; %link does not apply",
            "check >= 1MB/s                | check.d2h-nosync.wrong and 1 more are counts; MB/s does not apply",
            "pinned >= 5ms                 | pinned.h2d.4KiB and 4 more are bandwidths in GB/s; ms does not apply",
            "pinned.d2d.16MiB >= 80%link   | pinned.d2d.16MiB has no known PCIe link rate (a device-local copy, or a link sysfs does not describe); %link does not apply",
            "pinned >= 80%link             | pinned.d2d.16MiB has no known PCIe link rate (a device-local copy, or a link sysfs does not describe); %link does not apply",
            "overlap.v1 >= 1               | overlap.v1 selects results of different kinds (a time in ms, a ratio, a plain number) and the value has no unit; name results of one kind, such as overlap.v1.ms",
            "overlap >= 1                  | overlap selects results of different kinds (a time in ms, a ratio, a plain number) and the value has no unit; name results of one kind, such as overlap.v1.ms",
    })
    void rejectsAUnitThatDoesNotFit(String text, String problem) {
        assertEquals(List.of("--expect '" + text + "': " + problem), problems(text));
    }

    @Test
    void reportsOneLinePerKindOfMisfit() {
        assertEquals(List.of(
                        "--expect 'overlap.v1 >= 1x': overlap.v1.ms is a time in ms; x does not apply",
                        "--expect 'overlap.v1 >= 1x': overlap.v1.error is a plain number; x does not apply"),
                problems("overlap.v1 >= 1x"));
    }

    @Test
    void aPercentOfSeveralUnlinkedResultsIsOneLine() {
        List<MetricDeclaration> unlinked = List.of(
                MetricDeclaration.of("pinned.h2d.4KiB", MetricUnit.GBPS),
                MetricDeclaration.of("pinned.h2d.16MiB", MetricUnit.GBPS),
                MetricDeclaration.of("pinned.h2d.1GiB", MetricUnit.GBPS));
        ExpectationException e = assertThrows(ExpectationException.class,
                () -> ExpectationSet.parse(List.of("pinned.h2d >= 80%link")).validate(unlinked));
        assertEquals(List.of("--expect 'pinned.h2d >= 80%link': pinned.h2d.4KiB and 2 more have no known PCIe "
                + "link rate (a device-local copy, or a link sysfs does not describe); %link does not apply"),
                e.problems());
    }

    @Test
    void collectsEveryProblemInTheOrderGivenOneLineEach() {
        ExpectationException e = assertThrows(ExpectationException.class, () -> validated(
                "pinned.h2d.16MiB >= 45GB/s", "pinned.h2d.32MiB >= 1", "overlap.v1.speedup >= 1.5GB/s"));
        List<String> expected = List.of(
                "--expect 'pinned.h2d.32MiB >= 1': this run produces no result named pinned.h2d.32MiB "
                        + "(it produces: pinned.h2d.4KiB, pinned.h2d.16MiB)",
                "--expect 'overlap.v1.speedup >= 1.5GB/s': overlap.v1.speedup is a ratio; GB/s does not apply");
        assertEquals(expected, e.problems());
        assertEquals(String.join("\n", expected), e.getMessage());
    }

    @Test
    void parsingCollectsEveryMalformedText() {
        ExpectationException e = assertThrows(ExpectationException.class, () -> ExpectationSet.parse(
                List.of("pinned.h2d >= fast", "pinned.h2d >= 1", "pinned.h2d 1")));
        assertEquals(List.of("--expect 'pinned.h2d >= fast': 'fast' is not a number",
                        "--expect 'pinned.h2d 1': there is no comparison (use >=, >, <=, <, == or !=)"),
                e.problems());
    }

    @Test
    void aResultDeclaredTwiceIsABugInTheCommand() {
        List<MetricDeclaration> twice = List.of(MetricDeclaration.of("a", MetricUnit.COUNT),
                MetricDeclaration.of("a", MetricUnit.COUNT));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExpectationSet.parse(List.of("a == 0")).validate(twice));
        assertEquals("result a is declared twice", e.getMessage());
    }

    // --- evaluation ---

    private static final List<Metric> MEASURED = List.of(
            Metric.overLink("pinned.h2d.4KiB", 2.5, 63.0),
            Metric.overLink("pinned.h2d.16MiB", 54.5213, 63.0),
            Metric.overLink("pinned.d2h.4KiB", 2.25, 63.0),
            Metric.overLink("pinned.d2h.16MiB", 50.148, 63.0),
            Metric.of("pinned.d2d.16MiB", 700.25, MetricUnit.GBPS),
            Metric.of("overlap.v1.ms", 0.5, MetricUnit.MILLISECONDS),
            Metric.of("overlap.v1.speedup", 1.8342, MetricUnit.RATIO),
            Metric.of("overlap.v1.efficiency", 0.91, MetricUnit.RATIO),
            Metric.of("overlap.v1.error", 0.0, MetricUnit.NUMBER),
            Metric.of("check.d2h-nosync.wrong", 3, MetricUnit.COUNT),
            Metric.of("check.synchronized.wrong", 0, MetricUnit.COUNT));

    private static List<String> lines(List<Metric> measured, String... texts) {
        return validated(texts).evaluate(measured).stream().map(ExpectationOutcome::line).toList();
    }

    @Test
    void printsEachExpectationWithTheMeasuredValue() {
        assertEquals(List.of(
                        "PASS pinned.h2d.16MiB >= 45GB/s (measured 54.52GB/s)",
                        "FAIL pinned.d2h.4KiB >= 80%link (measured 3.571%link)",
                        "FAIL pinned.d2h.16MiB >= 80%link (measured 79.6%link)",
                        "PASS overlap.v1.speedup >= 1.5 (measured 1.834)",
                        "PASS check.synchronized.wrong == 0 (measured 0)",
                        "FAIL check.d2h-nosync.wrong == 0 (measured 3)"),
                lines(MEASURED, "pinned.h2d.16MiB >= 45GB/s", "pinned.d2h >= 80%link", "overlap.v1.speedup >= 1.5",
                        "check.synchronized.wrong == 0", "check.d2h-nosync.wrong == 0"));
    }

    @Test
    void aBoundWithoutAUnitIsPrintedInTheResultsUnit() {
        assertEquals(List.of("PASS pinned.h2d.16MiB >= 45GB/s (measured 54.52GB/s)",
                        "PASS overlap.v1.ms <= 1ms (measured 0.5ms)",
                        "PASS overlap.v1.error <= 1e-6 (measured 0)"),
                lines(MEASURED, "pinned.h2d.16MiB >= 45", "overlap.v1.ms <= 1", "overlap.v1.error <= 1e-6"));
    }

    @Test
    void convertsIntoTheUnitWritten() {
        assertEquals(List.of(
                        "PASS pinned.h2d.16MiB >= 54000MB/s (measured 54521.3MB/s)",
                        "FAIL pinned.h2d.16MiB >= 55000MB/s (measured 54521.3MB/s)",
                        "PASS overlap.v1.ms < 600us (measured 500us)",
                        "FAIL overlap.v1.ms < 400us (measured 500us)",
                        "PASS overlap.v1.ms == 500us (measured 500us)",
                        "PASS overlap.v1.ms == 0.5ms (measured 0.5ms)",
                        "PASS pinned.h2d.16MiB > 86%link (measured 86.54%link)",
                        "FAIL pinned.h2d.16MiB > 87%link (measured 86.54%link)",
                        "PASS overlap.v1.speedup >= 1.8x (measured 1.834x)"),
                lines(MEASURED, "pinned.h2d.16MiB >= 54000MB/s", "pinned.h2d.16MiB >= 55000MB/s",
                        "overlap.v1.ms < 600us", "overlap.v1.ms < 400us", "overlap.v1.ms == 500us",
                        "overlap.v1.ms == 0.5ms", "pinned.h2d.16MiB > 86%link", "pinned.h2d.16MiB > 87%link",
                        "overlap.v1.speedup >= 1.8x"));
    }

    @Test
    void outcomesCarryTheValueAndBoundInTheUnitWritten() {
        ExpectationOutcome o = validated("pinned.h2d.16MiB >= 80%link").evaluate(MEASURED).getFirst();
        assertEquals(100 * 54.5213 / 63.0, o.measured().orElseThrow());
        assertEquals(80, o.bound());
        assertEquals("%link", o.unitSymbol());
        assertEquals("pinned.h2d.16MiB", o.metricName());
        assertEquals(Expectation.parse("pinned.h2d.16MiB >= 80%link"), o.expectation());
        assertTrue(o.passed());
    }

    @Test
    void aPrefixGivesOneOutcomePerSelectedResultInDeclarationOrderAndAllMustPass() {
        List<ExpectationOutcome> outcomes = validated("pinned.h2d > 2GB/s", "pinned > 2.4").evaluate(MEASURED);
        assertEquals(List.of("pinned.h2d.4KiB", "pinned.h2d.16MiB", "pinned.h2d.4KiB", "pinned.h2d.16MiB",
                        "pinned.d2h.4KiB", "pinned.d2h.16MiB", "pinned.d2d.16MiB"),
                outcomes.stream().map(ExpectationOutcome::metricName).toList());
        assertEquals(List.of(true, true, true, true, false, true, true),
                outcomes.stream().map(ExpectationOutcome::passed).toList());
    }

    @Test
    void aDeclaredResultThatWasNotMeasuredFails() {
        List<Metric> some = MEASURED.stream().filter(m -> !m.name().equals("pinned.h2d.4KiB")).toList();
        assertEquals(List.of("FAIL pinned.h2d.4KiB >= 1GB/s (not measured)",
                        "PASS pinned.h2d.16MiB >= 1GB/s (measured 54.52GB/s)"),
                lines(some, "pinned.h2d >= 1GB/s"));
        assertEquals(List.of("FAIL check.synchronized.wrong == 0 (not measured)"),
                lines(List.of(), "check.synchronized.wrong == 0"));
    }

    @Test
    void aMeasurementWithoutANumberFailsEveryOperator() {
        List<Metric> nan = List.of(Metric.of("overlap.v1.speedup", Double.NaN, MetricUnit.RATIO));
        for (String op : List.of(">=", ">", "<=", "<", "==", "!=")) {
            assertEquals(List.of("FAIL overlap.v1.speedup " + op + " 1.5x (measured NaN)"),
                    lines(nan, "overlap.v1.speedup " + op + " 1.5x"));
        }
    }

    @Test
    void infiniteMeasurementsCompareByTheirOrder() {
        List<Metric> inf = List.of(Metric.of("overlap.v1.speedup", Double.POSITIVE_INFINITY, MetricUnit.RATIO));
        assertEquals(List.of("PASS overlap.v1.speedup >= 1.5 (measured Infinity)",
                        "FAIL overlap.v1.speedup < 1.5 (measured Infinity)"),
                lines(inf, "overlap.v1.speedup >= 1.5", "overlap.v1.speedup < 1.5"));
    }

    @Test
    void aPercentOfALinkTheResultTurnedOutNotToHaveFails() {
        List<Metric> unlinked = List.of(Metric.of("pinned.h2d.16MiB", 54.5, MetricUnit.GBPS));
        assertEquals(List.of("FAIL pinned.h2d.16MiB >= 80%link (no link rate)"),
                lines(unlinked, "pinned.h2d.16MiB >= 80%link"));
    }

    @Test
    void measurementsThatDisagreeWithTheDeclarationsAreABugInTheCommand() {
        ValidatedExpectations v = validated("pinned.h2d >= 1GB/s");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> v.evaluate(List.of(Metric.of("pinned.h2d.32MiB", 1, MetricUnit.GBPS))));
        assertEquals("result pinned.h2d.32MiB was measured but not declared", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> v.evaluate(List.of(Metric.of("overlap.v1.ms", 1, MetricUnit.RATIO))));
        assertEquals("result overlap.v1.ms was declared as a time in ms but measured as a ratio", e.getMessage());
        List<Metric> twice = new ArrayList<>(MEASURED);
        twice.add(MEASURED.getFirst());
        e = assertThrows(IllegalArgumentException.class, () -> v.evaluate(twice));
        assertEquals("result pinned.h2d.4KiB was measured twice", e.getMessage());
    }

    @Test
    void theExpectationsKeepTheirOrder() {
        assertEquals(List.of(Expectation.parse("check == 0"), Expectation.parse("pinned >= 1")),
                ExpectationSet.parse(List.of("check == 0", "pinned >= 1")).expectations());
        assertEquals(List.of(Expectation.parse("check == 0"), Expectation.parse("pinned >= 1")),
                validated("check == 0", "pinned >= 1").expectations());
    }
}
