package dev.xfer.app.bandwidth;


import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
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
import dev.xfer.app.output.RunResults;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import dev.xfer.cuda.HostMemoryKind;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.line;
import static dev.xfer.app.output.ResultsFixtures.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The node column, the where-memory-was lines, the near/far table, and node-suffixed names. */
class BandwidthNumaRenderingTest {
    private final BandwidthResults all = ResultsFixtures.bandwidthReportAllNodes();

    @Test
    void theNodeColumnSaysWhereEachRowWasPlaced() {
        String text = BandwidthText.render(all);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("memory    direction  node     bytes  median GB/s")), text);
        assertEquals(List.of("pinned", "h2d", "0", "16777216", "41.20", "40.70", "41.45", "407.2", "65.4", "ok"),
                row(text, "pinned", "h2d"));
        assertEquals("-", row(BandwidthText.render(ResultsFixtures.bandwidthReport()), "pinned", "h2d").get(2),
                "not placed");
    }

    @Test
    void oneLinePerNodeSaysWhereHostMemoryReallyWas() {
        String text = BandwidthText.render(all);
        assertEquals("host memory, node 0 (CPUs 0-23): pageable on node 0 (64 of 64 sampled pages); pinned on node 0"
                + " (60 pages), node 1 (4 pages) of 64 sampled, NOT all on node 0", line(text, "host memory, node 0"));
        assertEquals("host memory, node 1 (CPUs 24-47): pageable on node 1 (64 of 64 sampled pages); pinned on node 1"
                + " (64 of 64 sampled pages)", line(text, "host memory, node 1"));
        assertEquals("host memory, not placed: pageable on node 0 (64 of 64 sampled pages); pinned on node 0"
                + " (64 of 64 sampled pages)", line(BandwidthText.render(ResultsFixtures.bandwidthReport()), "host memory"));
    }

    @Test
    void nearAndFarSideBySide() {
        String text = BandwidthText.render(all);
        assertEquals("median GB/s by NUMA node of host memory and thread (the GPU is on node 1):",
                line(text, "median GB/s by NUMA node"));
        assertTrue(text.contains("memory    direction     bytes  node 0 far  node 1 near\n"), text);
        assertEquals(List.of("pageable", "h2d", "16777216", "10.02", "12.35"),
                text.lines().filter(l -> l.startsWith("pageable  h2d        16777216       10.02")).findFirst()
                        .map(l -> List.of(l.strip().split("\\s+"))).orElseThrow(() -> new AssertionError(text)));
        assertFalse(BandwidthText.render(ResultsFixtures.bandwidthReport()).contains("by NUMA node"), "one pass: no table");
    }

    @Test
    void withoutAKnownGpuNodeTheColumnsAreJustNodes() {
        BandwidthResults unknown = new BandwidthResults(ResultsFixtures.context(ResultsFixtures.withoutSysfs()), all.plan(),
                all.results(), List.of(), List.of(), all.placement());
        String text = BandwidthText.render(unknown);
        assertEquals("median GB/s by NUMA node of host memory and thread (the GPU's node is unknown):",
                line(text, "median GB/s by NUMA node"));
        assertTrue(text.contains("bytes  node 0  node 1\n"), text);
    }

    @Test
    void theSingleNodeNoteAppearsOnceInTheText() {
        HostPlacement single = new HostPlacement(NumaOption.node(0), OptionalInt.of(0),
                List.of(NodeTarget.on(0, CpuSet.parse("0-1").orElseThrow())), List.of(HostPlacement.SINGLE_NODE),
                List.of());
        BandwidthResults r = ResultsFixtures.bandwidthReport();
        List<BandwidthResult> placed = r.results().stream()
                .map(x -> x.placed(OptionalInt.of(0), x.hostMemoryNodes())).toList();
        BandwidthResults report = new BandwidthResults(r.context(), r.plan(), placed, List.of(), single.notes(), single);
        String text = BandwidthText.render(report);
        assertEquals(1, text.lines().filter(l -> l.equals("note: 1 NUMA node: placement has no effect")).count(), text);
        // h2d and d2h of a size share one buffer: its 64 pages count once
        assertEquals("host memory, node 0 (CPUs 0-1): pageable on node 0 (64 of 64 sampled pages); pinned on node 0"
                + " (64 of 64 sampled pages)", line(text, "host memory"));
    }

    @Test
    void heapAndUnsampledBuffersAreSaidSo() {
        BandwidthResult heap = new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("heap"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), 4096, ResultsFixtures.summary(1, 1, 1, 1, 1, 0),
                ResultsFixtures.summary(1, 4, 4, 4, 4, 0), OptionalDouble.empty(), true)
                .placed(OptionalInt.of(0), Optional.empty());
        HostPlacement p = new HostPlacement(NumaOption.node(0), OptionalInt.of(0),
                List.of(NodeTarget.on(0, CpuSet.empty())), List.of(), List.of());
        String text = BandwidthText.render(new BandwidthResults(ResultsFixtures.context(), all.plan(), List.of(heap),
                List.of(), List.of(), p));
        assertEquals("host memory, node 0 (CPUs as before): heap not sampled (the Java heap has no fixed address)",
                line(text, "host memory"));
        BandwidthResult unsampled = heap.placed(OptionalInt.empty(), Optional.empty());
        assertFalse(BandwidthText.render(new BandwidthResults(ResultsFixtures.context(), all.plan(), List.of(unsampled),
                List.of(), List.of())).contains("host memory"), "nothing placed and nothing sampled: no line");
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonAndCsvCarryTheNodeAndThePages() {
        List<Object> results = (List<Object>) JsonMaps.parse(Json.write(BandwidthRow.rows(all.results())));
        Map<String, Object> farPinned = (Map<String, Object>) results.get(1);
        assertEquals(0L, farPinned.get("numaNode"));
        assertEquals(Map.of("0", 60L, "1", 4L), farPinned.get("hostMemoryNodes"));
        assertEquals(Optional.of("all"), BandwidthParameters.of(all).numaNode());
        // The CSV carries the node as an identity field; where its pages really were is in JSON only.
        CsvRows csv = CsvRows.of(ResultCsv.render(0, all.runResults(OptionalDouble.empty())));
        assertEquals(java.util.Set.of("0", "1"), csv.rows().stream().filter(r -> r.get("memory").equals("pinned"))
                .map(r -> r.get("numa_node")).collect(java.util.stream.Collectors.toSet()), csv.rows().toString());
        assertTrue(csv.rows().stream().allMatch(r -> r.get("name").endsWith(".node" + r.get("numa_node"))),
                "each row's name ends in its node");
    }

    @Test
    void failuresSayTheirNode() {
        VerificationFailure f = VerificationFailure.of(CheckedConfiguration.roundTrip(HostMemoryKind.PINNED,
                CopyPath.DRIVER, Optional.empty(), OptionalInt.empty(), 16777216), "", 7, (byte) 1, (byte) 2,
                OptionalInt.of(1));
        assertEquals("pinned h2d+d2h 16777216 B on node 1: first wrong byte at offset 7 (expected 0x01, got 0x02)",
                f.describe());
        BandwidthResults wrong = new BandwidthResults(all.context(), all.plan(), all.results().stream()
                .map(r -> r.memory().label().equals("pinned") && r.numaNode().equals(OptionalInt.of(1))
                        ? new BandwidthResult(r.memory(), r.direction(), r.bytes(), r.gigabytesPerSecond(),
                        r.microseconds(), r.percentOfLink(), false, r.numaNode(), r.hostMemoryNodes())
                        : r).toList(), List.of(f), List.of(), all.placement());
        RunResults run = wrong.runResults(OptionalDouble.of(63.0));
        MeasuredConfiguration near = run.configurations().stream()
                .filter(c -> c.name().equals("pinned.h2d.16MiB.node1")).findFirst().orElseThrow();
        assertEquals(Optional.of(f.describe()), near.failure());
        assertTrue(run.configurations().stream().filter(c -> c.name().equals("pinned.h2d.16MiB.node0"))
                .allMatch(MeasuredConfiguration::passed));
    }

    @Test
    void withEveryNodeNamesEndInTheNodeAndPrefixesStillSelectThemAll() {
        List<String> declared = all.plan().declarations(true, List.of(0, 1)).stream()
                .map(MetricDeclaration::name).toList();
        assertEquals(List.of("pageable.h2d.16MiB.node0", "pinned.h2d.16MiB.node0",
                "pageable.h2d.16MiB.node1", "pinned.h2d.16MiB.node1"), declared);
        List<String> measured = all.runResults(OptionalDouble.of(63.0)).configurations().stream()
                .map(MeasuredConfiguration::name).toList();
        assertEquals(declared, measured, "what is declared before is what is measured");
        assertEquals(List.of("pageable.h2d.16MiB", "pinned.h2d.16MiB"),
                all.plan().declarations(true, List.of()).stream().map(MetricDeclaration::name).toList());

        var validated = ExpectationSet.parse(List.of("pinned.h2d >= 45GB/s"))
                .validate(all.plan().declarations(true, List.of(0, 1)));
        var outcomes = validated.evaluate(all.runResults(OptionalDouble.of(63.0)).metrics());
        assertFalse(outcomes.stream().allMatch(o -> o.passed()), "the far node's 41.2 GB/s fails: " + outcomes);
    }
}
