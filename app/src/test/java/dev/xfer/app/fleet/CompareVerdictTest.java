package dev.xfer.app.fleet;

import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.verdict.Verdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare's bases, missing results, context differences and GPU models, on fixture documents. */
class CompareVerdictTest {
    private static final double MARGIN = 0.05;

    private static CompareAnalysis comparison(boolean acrossModels) {
        return new CompareAnalysis(FleetFixtures.FLOORS, MARGIN, acrossModels);
    }

    @SuppressWarnings("unchecked")
    private static List<DocumentSet.Judged> runs(Gpu gpu, java.util.function.Consumer<Map<String, Object>> change, int count) {
        List<DocumentSet.Judged> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> doc = FleetFixtures.document(gpu, "run" + i, 0.1, 20);
            change.accept(doc);
            out.addAll(new DocumentSet().judge(Path.of(gpu.host() + "-" + i + ".json"), JsonMaps.parse(Json.write(doc))));
        }
        return out;
    }

    private static List<DocumentSet.Judged> runs(Gpu gpu, int count) {
        return runs(gpu, d -> { }, count);
    }

    private static CompareAnalysis.Row row(CompareAnalysis.CompareFindings report, String name) {
        return report.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void fiveRunsASideAreJudgedByTheRankTestAndThreeAreTooFew() {
        var five = comparison(false).compare(runs(new Gpu("n1", "NVIDIA H200", 0, 55), 5), runs(new Gpu("n1", "NVIDIA H200", 0, 44), 5));
        CompareAnalysis.Row h2d = row(five, "pinned.h2d.64MiB.gbps");
        assertEquals(CompareAnalysis.Basis.RANK_TEST, h2d.basis());
        assertEquals(Verdict.REGRESSION, h2d.verdict());
        assertTrue(h2d.p() < 0.01, "p " + h2d.p());
        assertFalse(five.passes(MARGIN));

        var three = comparison(false).compare(runs(new Gpu("n1", "NVIDIA H200", 0, 55), 3), runs(new Gpu("n1", "NVIDIA H200", 0, 44), 3));
        assertEquals(CompareAnalysis.Basis.TOO_FEW_RUNS, row(three, "pinned.h2d.64MiB.gbps").basis());
        assertEquals(Verdict.REGRESSION, row(three, "pinned.h2d.64MiB.gbps").verdict(), "20% is beyond the 2% floor");
    }

    @Test
    void aRunsOwnAllocationSpreadIsNoPartOfTheBand() {
        java.util.function.Consumer<Map<String, Object>> spread = doc -> ((List<?>) doc.get("results")).forEach(r ->
                ((Map<String, Object>) r).put("allocations", JsonMaps.object("count", 4L, "best", 55.0, "worst", 44.0)));
        var report = comparison(false).compare(runs(new Gpu("n1", "NVIDIA H200", 0, 55), spread, 1),
                runs(new Gpu("n1", "NVIDIA H200", 0, 47), spread, 1));
        CompareAnalysis.Row h2d = row(report, "pinned.h2d.64MiB.gbps");
        // The fixture floors measure no best-of-k kind: the single-allocation floor (2%) judges, and the report says so.
        assertEquals(CompareAnalysis.Basis.BEST_OF_K_FLOOR, h2d.basis());
        assertEquals(dev.xfer.app.verdict.NoiseKind.PINNED_COPY_BEST_OF_K, h2d.kind());
        assertEquals(0.02, h2d.noise(), 1e-9, "the floor, not 55 / 44 - 1");
        assertEquals(Verdict.REGRESSION, h2d.verdict(), "-14.5% is beyond the floor");
        assertFalse(report.passes(MARGIN));
        assertEquals(List.of(dev.xfer.app.verdict.NoiseKind.PINNED_COPY_BEST_OF_K), report.fallbacks());
        assertTrue(CompareText.text(report, MARGIN).contains("note: no noise floor is measured for pinned copies, best of k host"
                + " allocations: judged on the single-allocation floor; regenerate"), CompareText.text(report, MARGIN));
    }

    @Test
    void bestOfKAgainstOneAllocationIsJudgedOnTheWiderFloor() {
        var floors = dev.xfer.app.verdict.NoiseFloors.parse("NVIDIA H200\tPINNED_COPY\t0.04\nNVIDIA H200\tPINNED_COPY_BEST_OF_K\t0.01\n");
        java.util.function.Consumer<Map<String, Object>> bestOf3 = doc -> ((List<?>) doc.get("results")).forEach(r ->
                ((Map<String, Object>) r).put("allocations", JsonMaps.object("count", 3L, "best", 55.0, "worst", 54.0)));
        var mixed = new CompareAnalysis(floors, MARGIN, false).compare(runs(new Gpu("n1", "NVIDIA H200", 0, 55), bestOf3, 1),
                runs(new Gpu("n1", "NVIDIA H200", 0, 53.5), 1));
        CompareAnalysis.Row h2d = row(mixed, "pinned.h2d.64MiB.gbps");
        assertEquals(dev.xfer.app.verdict.NoiseKind.PINNED_COPY, h2d.kind());
        assertEquals(0.04, h2d.noise(), 1e-9);
        assertEquals(Verdict.SAME, h2d.verdict(), "-2.7% is inside one allocation's 4%");
        var both = new CompareAnalysis(floors, MARGIN, false).compare(runs(new Gpu("n1", "NVIDIA H200", 0, 55), bestOf3, 1),
                runs(new Gpu("n1", "NVIDIA H200", 0, 53.5), bestOf3, 1));
        assertEquals(Verdict.REGRESSION, row(both, "pinned.h2d.64MiB.gbps").verdict(), "-2.7% is beyond best-of-k's 1%");
        assertTrue(both.passes(MARGIN), "beyond noise, not beyond 5%");
    }

    @Test
    void aResultMissingFromTheCurrentRunFailsTheGate() {
        var report = comparison(false).compare(runs(new Gpu("n1", "NVIDIA H200", 0, 55), 1),
                runs(new Gpu("n1", "NVIDIA H200", 0, 55), d -> ((List<?>) d.get("results")).removeLast(), 1));
        // The removed result had two figures: its rate and its time.
        assertEquals(2, report.missing().size(), report.missing().toString());
        assertTrue(report.missing().getFirst().endsWith("pinned.d2h.64MiB.gbps is in the baseline but not in the current runs"),
                report.missing().toString());
        assertTrue(CompareText.text(report, MARGIN).contains("MISSING n1 GPU-"), CompareText.text(report, MARGIN));
        assertFalse(report.passes(MARGIN));
    }

    @Test
    void contextDifferencesAreNamedAndOtherModelsNeverFailUnlessMeant() {
        java.util.function.Consumer<Map<String, Object>> newer = doc -> ((Map<String, Object>) doc.get("context")).put("driverVersion", "13.1");
        var report = comparison(false).compare(runs(new Gpu("a", "NVIDIA H200", 0, 55), 1),
                runs(new Gpu("b", "NVIDIA H100 PCIe", 0, 40), newer, 1));
        CompareAnalysis.Pairing pairing = report.pairings().getFirst();
        assertFalse(pairing.sameModel());
        assertTrue(pairing.differences().contains("GPU model NVIDIA H200 -> NVIDIA H100 PCIe"), pairing.differences().toString());
        assertTrue(pairing.differences().contains("driver 13.0 -> 13.1"), pairing.differences().toString());
        assertEquals(Verdict.REGRESSION, row(report, "pinned.h2d.64MiB.gbps").verdict());
        assertTrue(report.passes(MARGIN), "across GPU models: reported, not failed");
        String text = CompareText.text(report, MARGIN);
        assertTrue(text.contains("worse (other GPU model: not failed)"), text);
        assertTrue(text.contains("context: "), text);
        assertFalse(comparison(true).compare(runs(new Gpu("a", "NVIDIA H200", 0, 55), 1),
                runs(new Gpu("b", "NVIDIA H100 PCIe", 0, 40), 1)).passes(MARGIN), "--across-models: the comparison is meant");
    }
}
