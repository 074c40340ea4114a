package dev.xfer.app.fleet;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.smoke.SmokeDocument;
import dev.xfer.app.smoke.SmokeExpectations;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;


/**
 * The JSON documents of smoke, fleet and compare, built by their real rendering code from fixed
 * records, against files under {@code src/test/resources/golden/} (as {@code JsonDocumentGoldenTest}
 * does for the measuring commands). Rewrite them after a deliberate change with
 * {@code -Dxfer.updateGolden=true} and review the diff.
 */
class FleetDocumentGoldenTest {
    private static final double LINK_GBPS = 63.0;

    private static void assertGolden(String name, String actual) throws IOException {
        GoldenFile.assertDocument(name, actual);
    }

    /** As SmokeCommand builds a device's entry: the fixture reports, their metrics, smoke's default expectations. */
    @Test
    void smokeMeasured() throws IOException {
        OptionalDouble link = OptionalDouble.of(LINK_GBPS);
        List<RunResults> runs = List.of(ResultsFixtures.bandwidthReport().runResults(link),
                ResultsFixtures.overlapReport().runResults(), ResultsFixtures.checkReport().runResults());
        List<MetricDeclaration> declared = new ArrayList<>(ResultsFixtures.bandwidthPlan().declarations(true));
        declared.addAll(ResultsFixtures.overlapPlan().declarations());
        declared.addAll(ResultsFixtures.checkPlan().declarations());
        List<Metric> metrics = runs.stream().flatMap(r -> r.metrics().stream()).toList();
        List<ExpectationOutcome> outcomes = ExpectationSet.parse(List.of(
                "pinned.h2d >= " + SmokeExpectations.PINNED_PERCENT_OF_LINK + "%link", "overlap.v1.speedup > 1x"))
                .validate(declared).evaluate(metrics);
        boolean passed = outcomes.stream().allMatch(ExpectationOutcome::passed);
        SmokeDocument.Device device = SmokeDocument.device(ResultsFixtures.context(), ResultsFixtures.bandwidthReport(),
                ResultsFixtures.overlapReport(), ResultsFixtures.checkReport(), runs, outcomes, passed);
        assertGolden("smoke.json", Json.write(SmokeDocument.of(List.of(device), passed)));
    }

    /**
     * The document smoke writes on exit 3. xfer's version and the host name come from the build and the
     * machine, so they are set to the fixtures' before comparing; every other field is as written.
     */
    @Test
    void smokeWithoutUsableCuda() throws IOException {
        SmokeDocument.Unusable doc = SmokeDocument.unusable(ResultsFixtures.XFER_VERSION, "gpu-host-9", Optional.of("nightly"),
                ResultsFixtures.STARTED, "CUDA is not usable here: cudaErrorInsufficientDriver (35): CUDA driver version "
                        + "is insufficient for CUDA runtime version");
        assertGolden("smoke-unusable.json", Json.write(doc));
    }

    /**
     * Four H200s on two nodes, one of them 40% slow on H2D; two H100s alike (no spread, so z is null);
     * and a node without a usable GPU.
     */
    @Test
    void fleet() throws IOException {
        List<GpuRun> runs = new ArrayList<>(FleetFixtures.runs(List.of(
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 0, 52.0),
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 1, 53.0),
                new FleetFixtures.Gpu("node-b", "NVIDIA H200", 0, 31.0, 51.0, 16),
                new FleetFixtures.Gpu("node-b", "NVIDIA H200", 1, 52.5),
                new FleetFixtures.Gpu("node-d", "NVIDIA H100 PCIe", 0, 25.0),
                new FleetFixtures.Gpu("node-d", "NVIDIA H100 PCIe", 1, 25.0))));
        runs.add(GpuRun.unusable(Path.of("node-c.json"), "smoke", "node-c", Optional.of("nightly"),
                "2025-06-01T12:34:56Z", "CUDA is not usable here: cudaErrorNoDevice"));
        FleetAnalysis.FleetFindings report = new FleetAnalysis(FleetRule.standard(), FleetFixtures.FLOORS).analyse(runs);
        assertGolden("fleet.json", FleetText.json(report));
    }

    /** The same two GPUs measured twice: one 20% slower on H2D, one unmatched in the current run. */
    @Test
    void compare() throws IOException {
        var baseline = FleetFixtures.judged(List.of(
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 0, 52.0),
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 1, 53.0)));
        var current = FleetFixtures.judged(List.of(
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 0, 41.6, 52.0, 16)));
        CompareAnalysis.CompareFindings report = new CompareAnalysis(FleetFixtures.FLOORS, 0.05, false).compare(baseline, current);
        assertGolden("compare.json", CompareText.json(report, 0.05));
    }
}
