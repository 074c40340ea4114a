package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.expect.Expectation;
import dev.xfer.app.expect.ExpectationException;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code xfer smoke}'s default thresholds against the exact plans it runs: every one must select
 * a result those plans produce in a unit that fits, so renaming a result cannot silently turn a
 * smoke check into an error on every GPU; and each must fail on the hardware fault it is there to
 * catch.
 */
class SmokeExpectationsTest {
    /** PCIe Gen5 x16, per direction. */
    private static final double LINK = 63.0;
    private static final SmokePlan PLAN = SmokePlan.standard();
    private static final String PINNED_H2D = driverCopy("pinned", "h2d");
    private static final String PINNED_D2H = driverCopy("pinned", "d2h");

    /** The name smoke's bandwidth run gives the driver's copy of {@code memory} in {@code direction}. */
    private static String driverCopy(String memory, String direction) {
        return ResultNames.of(BandwidthResult.identity(memory, CopyPath.DRIVER, direction, SmokePlan.BANDWIDTH_BYTES,
                CopyTimer.EVENTS, OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty()));
    }

    private static ValidatedExpectations defaults(boolean linkKnown) {
        return ExpectationSet.parse(SmokeExpectations.defaults(linkKnown)).validate(PLAN.declare(linkKnown));
    }

    /** A healthy GPU: pinned at 87% of the link, overlap twice as fast and exact, no wrong data. */
    private static double good(MetricDeclaration d) {
        String name = d.name();
        if (d.unit() == MetricUnit.GBPS) {
            return name.startsWith("pinned.") ? 55.0 : 12.0;
        }
        if (name.endsWith(".speedup")) {
            return name.startsWith("overlap.sequential.") ? 1.0 : 2.1;
        }
        if (name.endsWith(".error")) {
            return 1.1920928955078125E-7; // one float ulp at 1.0: what the kernel really leaves
        }
        if (name.endsWith(".efficiency")) {
            return 0.9;
        }
        if (name.endsWith(".ms")) {
            return name.startsWith("overlap.sequential.") ? 1.0 : 0.47;
        }
        if (d.unit() == MetricUnit.COUNT) {
            return 0;
        }
        throw new AssertionError("no healthy value for " + d);
    }

    /** A value for every result the plans declare: the healthy one unless overridden. */
    private static List<Metric> measured(boolean linkKnown, Map<String, Double> overrides) {
        return PLAN.declare(linkKnown).stream().map(d -> {
            double value = overrides.getOrDefault(d.name(), good(d));
            return d.hasLink() ? Metric.overLink(d.name(), value, LINK) : Metric.of(d.name(), value, d.unit());
        }).toList();
    }

    private static Set<String> failing(List<ExpectationOutcome> outcomes) {
        return outcomes.stream().filter(o -> !o.passed()).map(o -> o.expectation().toString())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private static Set<String> canonical(List<String> texts) {
        return texts.stream().map(t -> Expectation.parse(t).toString())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    // ---- the plans and the defaults agree

    @Test
    void thePlansAreWhatSmokeDescribes() {
        assertAll(
                () -> assertEquals(List.of(64L << 20), PLAN.bandwidth().sizes()),
                () -> assertEquals(List.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE), PLAN.bandwidth().memories()),
                () -> assertEquals(List.of(CopyDirection.H2D, CopyDirection.D2H), PLAN.bandwidth().directions()),
                () -> assertEquals(List.of(OverlapSchedule.values()), PLAN.overlap().schedules()),
                () -> assertEquals(HostMemoryKind.PINNED, PLAN.overlap().memory()),
                () -> assertEquals(List.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.D2H_PAGEABLE,
                        CheckScenario.H2D_EVENT), PLAN.check().scenarios()),
                () -> assertEquals(SmokePlan.standard(), PLAN, "the same plans on every call"));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theDefaultsValidateAgainstThePlansSmokeRuns(boolean linkKnown) {
        ValidatedExpectations validated = assertDoesNotThrow(() -> defaults(linkKnown));
        assertEquals(SmokeExpectations.defaults(linkKnown).size(), validated.expectations().size());
    }

    @Test
    void theLinkRulesAreThereExactlyWhenTheLinkIsKnown() {
        List<String> withLink = SmokeExpectations.defaults(true);
        List<String> without = SmokeExpectations.defaults(false);
        assertTrue(withLink.containsAll(without));
        List<String> linkRules = withLink.stream().filter(t -> !without.contains(t)).toList();
        assertEquals(List.of("pinned.h2d >= 70%link", "pinned.d2h >= 70%link"), linkRules);
        assertTrue(without.stream().noneMatch(t -> t.contains("%link")), without.toString());
    }

    /** What this test guards against: validation does reject defaults the plans no longer fit. */
    @Test
    void aRenamedResultWouldBeCaught() {
        List<MetricDeclaration> renamed = PLAN.declare(true).stream()
                .map(d -> d.name().equals("overlap.v1.speedup") ? MetricDeclaration.of("overlap.v1.gain", d.unit()) : d)
                .toList();
        ExpectationException e = assertThrows(ExpectationException.class,
                () -> ExpectationSet.parse(SmokeExpectations.defaults(true)).validate(renamed));
        assertTrue(e.getMessage().startsWith("--expect 'overlap.v1.speedup > 1x': "), e.getMessage());
    }

    @Test
    void linkRulesWithoutALinkWouldBeCaught() {
        assertThrows(ExpectationException.class,
                () -> ExpectationSet.parse(SmokeExpectations.defaults(true)).validate(PLAN.declare(false)));
    }

    // ---- they pass a healthy GPU and fail a faulty one

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aHealthyGpuPassesEveryDefault(boolean linkKnown) {
        List<ExpectationOutcome> outcomes = defaults(linkKnown).evaluate(measured(linkKnown, Map.of()));
        assertEquals(Set.of(), failing(outcomes), outcomes.stream().map(ExpectationOutcome::line).toList().toString());
        assertEquals(canonical(SmokeExpectations.defaults(linkKnown)),
                outcomes.stream().map(o -> o.expectation().toString()).collect(Collectors.toSet()),
                "every default produced an outcome");
    }

    /** Half the link, overlap slower than sequential, inexact kernels, wrong synchronized data. */
    private static Map<String, Double> faulty() {
        Map<String, Double> bad = new HashMap<>();
        bad.put(PINNED_H2D, 0.5 * LINK);
        bad.put(PINNED_D2H, 0.5 * LINK);
        bad.put("overlap.v1.speedup", 0.9);
        for (OverlapSchedule s : OverlapSchedule.values()) {
            bad.put("overlap." + s.label() + ".error", 1e-3);
        }
        bad.put("check.synchronized.wrong", 1.0);
        return bad;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFaultyGpuFailsEveryDefault(boolean linkKnown) {
        List<ExpectationOutcome> outcomes = defaults(linkKnown).evaluate(measured(linkKnown, faulty()));
        assertEquals(canonical(SmokeExpectations.defaults(linkKnown)), failing(outcomes));
        assertTrue(outcomes.stream().noneMatch(ExpectationOutcome::passed),
                outcomes.stream().map(ExpectationOutcome::line).toList().toString());
    }

    static Stream<Arguments> oneFaultEach() {
        return Stream.of(
                arguments(PINNED_H2D, 0.5 * LINK, "pinned.h2d >= 70%link"),
                arguments(PINNED_D2H, 0.69 * LINK, "pinned.d2h >= 70%link"),
                arguments("overlap.v1.speedup", 0.9, "overlap.v1.speedup > 1x"),
                arguments("overlap.v1.speedup", 1.0, "overlap.v1.speedup > 1x"),
                arguments("overlap.sequential.error", 1e-3, "overlap.sequential.error <= 1e-6"),
                arguments("overlap.v1.error", 2e-6, "overlap.v1.error <= 1e-6"),
                arguments("overlap.v2.error", Double.NaN, "overlap.v2.error <= 1e-6"),
                arguments("check.synchronized.wrong", 1.0, "check.synchronized.wrong == 0"));
    }

    /** Each fault trips the rule meant for it and no other. */
    @ParameterizedTest
    @MethodSource("oneFaultEach")
    void eachFaultTripsItsOwnRule(String result, double value, String rule) {
        List<ExpectationOutcome> outcomes = defaults(true).evaluate(measured(true, Map.of(result, value)));
        assertEquals(Set.of(Expectation.parse(rule).toString()), failing(outcomes),
                outcomes.stream().map(ExpectationOutcome::line).toList().toString());
    }

    @Test
    void aSpeedupAboveOneAndAnErrorAtTheToleranceStillPass() {
        List<ExpectationOutcome> outcomes = defaults(false).evaluate(measured(false, Map.of(
                "overlap.v1.speedup", 1.01, "overlap.v2.error", 1e-6)));
        assertEquals(Set.of(), failing(outcomes));
    }

    @Test
    void slowPageableMemoryIsNoFault() {
        // Pageable copies go through a staging buffer: no threshold holds them to the link.
        String pageable = driverCopy("pageable", "h2d");
        List<ExpectationOutcome> outcomes = defaults(true).evaluate(measured(true, Map.of(pageable, 1.0)));
        assertEquals(Set.of(), failing(outcomes));
        assertFalse(outcomes.stream().anyMatch(o -> o.metricName().startsWith("pageable.")));
    }
}
