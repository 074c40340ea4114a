package dev.xfer.app.fleet;

import dev.xfer.app.fleet.FleetFixtures.Gpu;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FleetRuleTest {
    private final FleetAnalysis analysis = new FleetAnalysis(FleetRule.standard(), FleetFixtures.FLOORS);

    @Test
    void twoGpusTheSlowerIsFlaggedPastTheMarginFromTheBetter() {
        var report = analysis.analyse(FleetFixtures.runs(List.of(new Gpu("a", "NVIDIA H200", 0, 55),
                new Gpu("b", "NVIDIA H200", 0, 44, 55, 16))));
        assertEquals(List.of("b", "b"), report.findings().stream().map(f -> f.run().host()).toList());
        var within = analysis.analyse(FleetFixtures.runs(List.of(new Gpu("a", "NVIDIA H200", 0, 55),
                new Gpu("b", "NVIDIA H200", 0, 50, 55, 16))));
        assertTrue(within.passed(), within.findings().toString());
    }

    @Test
    void aGpuAloneInItsModelIsNeverAnOutlier() {
        var report = analysis.analyse(FleetFixtures.runs(List.of(new Gpu("a", "NVIDIA H200", 0, 55),
                new Gpu("b", "NVIDIA H200", 0, 55), new Gpu("c", "NVIDIA H100 PCIe", 0, 5))));
        assertTrue(report.passed(), report.findings().toString());
    }

    @Test
    void aTimeIsWorseHigher() {
        var report = analysis.analyse(FleetFixtures.runs(List.of(new Gpu("a", "NVIDIA H200", 0, 55),
                new Gpu("b", "NVIDIA H200", 0, 55), new Gpu("c", "NVIDIA H200", 0, 55), new Gpu("d", "NVIDIA H200", 0, 30, 55, 16))));
        var micros = report.groups().getFirst().results().stream().filter(r -> r.name().equals("pinned.h2d.64MiB.microseconds"))
                .findFirst().orElseThrow();
        assertFalse(micros.higherIsBetter());
        assertTrue(micros.deviations().get(3).outlier());
        assertEquals(30.0 / 55 - 1, micros.deviations().get(3).deviation(), 1e-9, "83% more time is 45% worse, as its rate is");
    }

    @Test
    void aNarrowLinkIsDegradedAndAnIdleGenerationIsNot() {
        var report = analysis.analyse(FleetFixtures.runs(List.of(new Gpu("a", "NVIDIA H200", 0, 55, 55, 8),
                new Gpu("b", "NVIDIA H200", 0, 55))));
        assertEquals(1, report.findings().size());
        assertEquals("link degraded: trained at x8 of x16, Gen5 x8 (max Gen5 x16)", report.findings().getFirst().reason());
        assertEquals("a", report.findings().getFirst().run().host());
    }
}
