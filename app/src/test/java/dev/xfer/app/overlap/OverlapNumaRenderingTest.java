package dev.xfer.app.overlap;


import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.line;
import static dev.xfer.app.output.ResultsFixtures.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code overlap --numa-node}: the node column, the model and where-memory-was lines per pass, the
 * near/far table, node-suffixed names, and the JSON and CSV fields; from fixed records.
 */
class OverlapNumaRenderingTest {
    private final OverlapResults all = ResultsFixtures.overlapReportAllNodes();

    /** The fixture's one pass placed on node 0 of a one-node machine, as {@code --numa-node 0} makes it. */
    private static OverlapResults singleNode() {
        OverlapResults r = ResultsFixtures.overlapReport();
        HostPlacement single = new HostPlacement(NumaOption.node(0), OptionalInt.of(0),
                List.of(NodeTarget.on(0, CpuSet.parse("0-1").orElseThrow())), List.of(HostPlacement.SINGLE_NODE),
                List.of());
        List<OverlapResult> placed = r.results().stream()
                .map(x -> x.placed(OptionalInt.of(0), ResultsFixtures.ON_NODE_0)).toList();
        return new OverlapResults(r.context(), r.plan(), List.of(new OverlapResults.Pass(OptionalInt.of(0), r.model().orElseThrow(),
                placed)), single.notes(), single);
    }

    @Test
    void theNodeColumnAppearsWithTheOption() {
        String text = OverlapText.render(all);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("schedule    node  median ms")), text);
        // 2 x 16777216 bytes in 0.6 ms = 55.92 GB/s; 1.2 / 0.6 = 2.00x; ideal 0.51 / 0.6 = 85 %
        assertEquals(List.of("v1", "0", "0.600", "0.590", "0.640", "55.92", "2.00x", "85%", "1.192093e-07"),
                row(text, "v1"));
        assertEquals(List.of("v1", "0", "0.470"), row(OverlapText.render(singleNode()), "v1").subList(0, 3));
    }

    @Test
    void withoutTheOptionTheTextIsAsItWas() {
        String text = OverlapText.render(ResultsFixtures.overlapReport());
        assertTrue(text.lines().anyMatch(l -> l.startsWith("schedule    median ms")), text);
        assertFalse(text.contains("node"), text);
        assertFalse(text.lines().anyMatch(l -> l.startsWith("host memory")), text);
    }

    @Test
    void eachPassHasItsModelLine() {
        String text = OverlapText.render(all);
        assertEquals("model, node 0 (CPUs 0-23): H2D 0.400 ms + kernel 0.050 ms + D2H 0.390 ms = 0.840 ms sequential;"
                + " ideal with 4 streams 0.510 ms", line(text, "model, node 0"));
        assertEquals("model, node 1 (CPUs 24-47): H2D 0.320 ms + kernel 0.050 ms + D2H 0.310 ms = 0.680 ms sequential;"
                + " ideal with 4 streams 0.410 ms", line(text, "model, node 1"));
        assertEquals("model: H2D 0.320 ms + kernel 0.050 ms + D2H 0.310 ms = 0.680 ms sequential; ideal with 4 streams"
                + " 0.410 ms", line(OverlapText.render(singleNode()), "model"), "one pass: the line as before");
    }

    @Test
    void oneLinePerNodeSaysWhereTheHostArrayReallyWas() {
        String text = OverlapText.render(all);
        assertEquals("host memory, node 0 (CPUs 0-23): pinned on node 0 (60 pages), node 1 (4 pages) of 64 sampled,"
                + " NOT all on node 0", line(text, "host memory, node 0"));
        assertEquals("host memory, node 1 (CPUs 24-47): pinned on node 1 (64 of 64 sampled pages)",
                line(text, "host memory, node 1"));
        assertEquals(2, text.lines().filter(l -> l.startsWith("host memory")).count(), text);
    }

    @Test
    void aPlacedPassWhosePagesCouldNotBeSampledSaysSo() {
        OverlapResults r = singleNode();
        List<OverlapResult> unsampled = r.results().stream().map(x -> x.placed(x.numaNode(), Optional.empty())).toList();
        OverlapResults report = new OverlapResults(r.context(), r.plan(), List.of(new OverlapResults.Pass(OptionalInt.of(0),
                r.model().orElseThrow(), unsampled)), r.notes(), r.placement());
        assertEquals("host memory, node 0 (CPUs 0-1): pinned not sampled", line(OverlapText.render(report), "host memory"));
    }

    @Test
    void nearAndFarSideBySide() {
        String text = OverlapText.render(all);
        assertEquals("median ms by NUMA node of host memory and thread (the GPU is on node 1):",
                line(text, "median ms by NUMA node"));
        assertTrue(text.contains("schedule    node 0 far  node 1 near\n"), text);
        assertEquals(List.of("sequential", "1.200", "1.000"), text.lines()
                .dropWhile(l -> !l.startsWith("median ms by NUMA node")).filter(l -> l.startsWith("sequential"))
                .findFirst().map(l -> List.of(l.strip().split("\\s+"))).orElseThrow(() -> new AssertionError(text)));
        assertFalse(OverlapText.render(singleNode()).contains("by NUMA node"), "one pass: no table");
    }

    @Test
    void withoutAKnownGpuNodeTheColumnsAreJustNodes() {
        OverlapResults unknown = new OverlapResults(ResultsFixtures.context(ResultsFixtures.withoutSysfs()), all.plan(),
                all.passes(), List.of(), all.placement());
        String text = OverlapText.render(unknown);
        assertEquals("median ms by NUMA node of host memory and thread (the GPU's node is unknown):",
                line(text, "median ms by NUMA node"));
        assertTrue(text.contains("schedule    node 0  node 1\n"), text);
    }

    @Test
    void theSingleNodeNoteAppearsOnceInTheText() {
        String text = OverlapText.render(singleNode());
        assertEquals(1, text.lines().filter(l -> l.equals("note: 1 NUMA node: placement has no effect")).count(), text);
        assertEquals("host memory, node 0 (CPUs 0-1): pinned on node 0 (64 of 64 sampled pages)", line(text, "host memory"));
    }

    @Test
    void aWrongResultSaysItsNode() {
        OverlapResults.Pass far = all.passes().getFirst();
        OverlapResult v1 = far.results().get(1);
        OverlapResult wrong = new OverlapResult(v1.schedule(), v1.milliseconds(), v1.gigabytesPerSecond(), v1.speedup(),
                2.5e-3, v1.efficiency(), v1.numaNode(), v1.hostMemoryNodes());
        OverlapResults report = new OverlapResults(all.context(), all.plan(), List.of(new OverlapResults.Pass(
                far.numaNode(), far.model().orElseThrow(), List.of(far.results().get(0), wrong, far.results().get(2))),
                all.passes().get(1)), List.of(), all.placement());
        assertEquals("WRONG RESULT: v1 on node 0 max error 2.500000e-03 above 1e-06",
                line(OverlapText.render(report), "WRONG RESULT"));
        MeasuredConfiguration failed = report.runResults().configurations().stream()
                .filter(c -> !c.passed()).findFirst().orElseThrow();
        assertEquals("overlap.v1.node0", failed.name());
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonCarriesTheNodeThePagesAndEachPassModel() {
        List<Object> results = (List<Object>) JsonMaps.parse(Json.write(OverlapDocument.rows(all)));
        Map<String, Object> farV1 = (Map<String, Object>) results.get(1);
        assertEquals(0L, farV1.get("numaNode"));
        assertEquals(Map.of("0", 60L, "1", 4L), farV1.get("hostMemoryNodes"));
        assertEquals(1L, ((Map<String, Object>) results.get(4)).get("numaNode"));
        assertEquals(java.util.Optional.of("all"), OverlapDocument.Plan.of(all).numaNode());
        List<Object> models = (List<Object>) JsonMaps.parse(Json.write(OverlapDocument.Added.of(all).models()));
        assertEquals(2, models.size());
        Map<String, Object> far = (Map<String, Object>) models.getFirst();
        assertEquals(List.of("numaNode", "h2dMs", "kernelMs", "d2hMs", "sequentialMs", "idealMs", "streams",
                "asyncEngines"), List.copyOf(far.keySet()));
        assertEquals(0L, far.get("numaNode"));
        assertEquals(0.51, (double) far.get("idealMs"), 1e-12);
        assertEquals(1L, ((Map<String, Object>) models.get(1)).get("numaNode"));
        assertEquals(0.40, (double) ((Map<String, Object>) JsonMaps.parse(Json.write(OverlapDocument.Added.of(all).model().orElseThrow()))).get("h2dMs"),
                1e-12, "model: the first pass's");
    }

    @Test
    void csvCarriesTheNodeThePagesAndThePassIdealTime() {
        // The node is an identity field; where the pages really were, and the ideal time, are in JSON only.
        CsvRows csv = CsvRows.assertMirrors(ResultCsv.render(0, all.runResults()), 0, all.runResults());
        assertEquals(java.util.Set.of("0", "1"), csv.rows().stream().filter(r -> r.get("schedule").equals("v1"))
                .map(r -> r.get("numa_node")).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void withEveryNodeNamesEndInTheNodeAndPrefixesStillSelectThemAll() {
        List<String> declared = all.plan().declarations(List.of(0, 1)).stream()
                .map(MetricDeclaration::name).toList();
        assertEquals(24, declared.size());
        assertEquals(List.of("overlap.sequential.ms.node0", "overlap.sequential.speedup.node0",
                "overlap.sequential.efficiency.node0", "overlap.sequential.error.node0"), declared.subList(0, 4));
        assertTrue(declared.contains("overlap.v2.error.node1"), declared.toString());
        List<String> measured = all.runResults().metrics().stream().map(m -> m.name()).toList();
        assertEquals(declared, measured, "what is declared before is what is measured");
        assertEquals(List.of("overlap.sequential.node0", "overlap.v1.node0", "overlap.v2.node0",
                        "overlap.sequential.node1", "overlap.v1.node1", "overlap.v2.node1"),
                all.runResults().configurations().stream().map(MeasuredConfiguration::name).toList());
        assertEquals(all.plan().declarations(), all.plan().declarations(List.of()),
                "no nodes: the plain names");

        var validated = ExpectationSet.parse(List.of("overlap.v1.speedup >= 2.1"))
                .validate(all.plan().declarations(List.of(0, 1)));
        List<ExpectationOutcome> outcomes = validated.evaluate(all.runResults().metrics());
        assertEquals(List.of("overlap.v1.speedup.node0", "overlap.v1.speedup.node1"),
                outcomes.stream().map(ExpectationOutcome::metricName).toList());
        assertEquals(List.of(false, true), outcomes.stream().map(ExpectationOutcome::passed).toList(),
                "the far node's 2.00x fails, the near node's 2.13x passes");
    }

    @Test
    void aSinglePlacedNodeKeepsThePlainNames() {
        List<String> measured = singleNode().runResults().metrics().stream().map(m -> m.name()).toList();
        assertEquals(singleNode().plan().declarations().stream().map(MetricDeclaration::name).toList(),
                measured);
    }

    @Test
    void pagesAreReportedOncePerPass() {
        HostMemoryNodes first = all.passes().getFirst().results().getFirst().hostMemoryNodes().orElseThrow();
        assertTrue(all.passes().getFirst().results().stream()
                .allMatch(r -> r.hostMemoryNodes().orElseThrow().equals(first)), "one host array per pass");
    }
}
