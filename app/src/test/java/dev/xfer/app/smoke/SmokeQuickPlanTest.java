package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.expect.Expectation;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.OptionalInt;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quick profile keeps every check a health check drains for (the same expectation texts,
 * validated against what it measures, each failing on its fault), and its plan stays small.
 */
class SmokeQuickPlanTest {
    private static final double LINK = 63.0;
    private static final SmokePlan QUICK = SmokePlan.quick();

    @Test
    void theQuickPlanIsPinnedOnlyOnThreeAllocationsWithShortWarmUps() {
        assertAll(
                () -> assertEquals("quick", QUICK.profile()),
                () -> assertEquals("standard", SmokePlan.standard().profile()),
                () -> assertEquals(List.of(HostMemoryKind.PINNED), QUICK.bandwidth().memories()),
                () -> assertEquals(List.of(CopyDirection.H2D, CopyDirection.D2H), QUICK.bandwidth().directions()),
                () -> assertEquals(SmokePlan.ALLOCATIONS, QUICK.bandwidth().allocations()),
                () -> assertEquals(SmokePlan.ALLOCATIONS, SmokePlan.standard().bandwidth().allocations(),
                        "both profiles judge the link on the best allocation"),
                () -> assertTrue(QUICK.bandwidth().warmupNanos() < Warmup.MIN_NANOS),
                () -> assertTrue(QUICK.overlap().warmupNanos() < Warmup.MIN_NANOS),
                () -> assertEquals(Warmup.MIN_NANOS, SmokePlan.standard().bandwidth().warmupNanos()),
                () -> assertEquals(List.of(OverlapSchedule.values()), QUICK.overlap().schedules()),
                () -> assertEquals(List.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.H2D_EVENT),
                        QUICK.check().scenarios()));
    }

    /**
     * The copies the plan asks for, at the H200's pinned rate, stay a small part of the 1.5 s budget:
     * the rest of the budget is for pinning, kernels and the device's set-up.
     */
    @Test
    void itsCopiesTakeAFractionOfTheBudget() {
        double gbps = 53.0;
        var bw = QUICK.bandwidth();
        long copies = (long) bw.allocations() * bw.directions().size() * (bw.iterations() + bw.warmup());
        double bandwidthSeconds = copies * (double) SmokePlan.BANDWIDTH_BYTES / (gbps * 1e9);
        var check = QUICK.check();
        double checkSeconds = check.scenarios().size() * check.trials() * 2.0 * check.bytes() / (gbps * 1e9);
        var ov = QUICK.overlap();
        double overlapSeconds = ov.schedules().size() * (ov.iterations() + ov.warmup()) * 2.0 * ov.bytes() / (gbps * 1e9);
        double warmups = (bw.directions().size()) * bw.warmupNanos() / 1e9 + ov.schedules().size() * ov.warmupNanos() / 1e9;
        double total = bandwidthSeconds + checkSeconds + overlapSeconds + warmups;
        assertTrue(total < 0.5, "planned copies and warm-ups take " + total + " s");
    }

    private static ValidatedExpectations defaults() {
        return ExpectationSet.parse(SmokeExpectations.defaults(true)).validate(QUICK.declare(true));
    }

    private static List<Metric> measured(Map<String, Double> overrides) {
        return QUICK.declare(true).stream().map(d -> {
            String name = d.name();
            double healthy = d.unit() == MetricUnit.GBPS ? 55.0
                    : name.endsWith(".speedup") ? (name.startsWith("overlap.sequential.") ? 1.0 : 2.1)
                    : name.endsWith(".error") ? 1.1920928955078125E-7
                    : name.endsWith(".efficiency") ? 0.9
                    : name.endsWith(".ms") ? 0.5 : 0;
            double value = overrides.getOrDefault(name, healthy);
            return d.hasLink() ? Metric.overLink(name, value, LINK) : Metric.of(name, value, d.unit());
        }).toList();
    }

    private static Set<String> failing(Map<String, Double> overrides) {
        return defaults().evaluate(measured(overrides)).stream().filter(o -> !o.passed())
                .map(o -> o.expectation().toString()).collect(Collectors.toSet());
    }

    @Test
    void aHealthyGpuPassesAndEveryDefaultIsJudged() {
        List<ExpectationOutcome> outcomes = defaults().evaluate(measured(Map.of()));
        assertEquals(SmokeExpectations.defaults(true).size(), outcomes.size());
        assertEquals(Set.of(), failing(Map.of()));
    }

    @ParameterizedTest
    @CsvSource({
            "pinned.h2d.64MiB, 40.0, pinned.h2d >= 70%link",
            "pinned.d2h.64MiB, 30.0, pinned.d2h >= 70%link",
            "overlap.v1.speedup, 1.0, overlap.v1.speedup > 1x",
            "overlap.v2.error, 1e-3, overlap.v2.error <= 1e-6",
            "check.synchronized.wrong, 1, check.synchronized.wrong == 0"})
    void eachFaultStillFailsItsRule(String result, double value, String rule) {
        assertEquals("pinned.h2d.64MiB", ResultNames.of(BandwidthResult.identity("pinned", CopyPath.DRIVER, "h2d",
                SmokePlan.BANDWIDTH_BYTES, CopyTimer.EVENTS, OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty())));
        assertEquals(Set.of(Expectation.parse(rule).toString()), failing(Map.of(result, value)));
    }
}
