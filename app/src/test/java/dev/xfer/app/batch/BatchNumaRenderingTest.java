package dev.xfer.app.batch;


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

import java.util.LinkedHashMap;
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
 * {@code batch --numa-node}: the node column, where each group of host buffers was, the near/far
 * table, node-suffixed names, and the JSON and CSV fields; from fixed records.
 */
class BatchNumaRenderingTest {
    private final BatchResults all = ResultsFixtures.batchReportAllNodes();

    /** The fixture's results placed on node 0 of a one-node machine, as {@code --numa-node 0} makes them. */
    private static BatchResults singleNode() {
        BatchResults r = ResultsFixtures.batchReport();
        HostPlacement single = new HostPlacement(NumaOption.node(0), OptionalInt.of(0),
                List.of(NodeTarget.on(0, CpuSet.parse("0-1").orElseThrow())), List.of(HostPlacement.SINGLE_NODE),
                List.of());
        BatchHostMemory where = ResultsFixtures.batchHostMemory(0, 0, 0);
        List<BatchResult> placed = r.results().stream()
                .map(x -> x.placed(OptionalInt.of(0), x.ran() ? where.of(x.strategy()) : Optional.empty())).toList();
        return new BatchResults(r.context(), r.plan(), placed, single.notes(), single, List.of(where));
    }

    @Test
    void theNodeColumnAppearsWithTheOption() {
        String text = BatchText.text(all);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("strategy        node  median ms")), text);
        // 4000000 bytes in 2.4 ms = 1.67 GB/s; 2.4 / 10.5 = 0.23x
        assertEquals(List.of("pinned-async", "0", "2.400", "2.150", "2.900", "1.67", "0.23x", "ok"),
                row(text, "pinned-async"));
        assertEquals(List.of("batched", "0", "-", "-", "-", "-", "-", "waived"),
                row(BatchText.text(singleNode()), "batched").subList(0, 8));
    }

    @Test
    void withoutTheOptionTheTextIsAsItWas() {
        String text = BatchText.text(ResultsFixtures.batchReport());
        assertTrue(text.lines().anyMatch(l -> l.startsWith("strategy                median ms")), text);
        assertFalse(text.lines().anyMatch(l -> l.startsWith("host memory") || l.startsWith("note:")), text);
        assertFalse(text.contains("NUMA"), text);
    }

    @Test
    void eachStrategyIsDescribedOnce() {
        String text = BatchText.text(all);
        assertEquals(1, text.lines().filter(l -> l.startsWith("  staged ")).count(), text);
    }

    @Test
    void oneLinePerNodeSaysWhereEachGroupOfBuffersReallyWas() {
        String text = BatchText.text(all);
        assertEquals("host memory, node 0 (CPUs 0-23): pageable sources on node 0 (1000 of 1000 sampled pages);"
                + " pinned sources on node 0 (990 pages), node 1 (10 pages) of 1000 sampled, NOT all on node 0;"
                + " pinned pool on node 0 (1000 of 1000 sampled pages); staging slots on node 0 (1024 of 1024 sampled"
                + " pages)", line(text, "host memory, node 0"));
        assertTrue(line(text, "host memory, node 1 (CPUs 24-47): ").endsWith(
                "staging slots on node 1 (1024 of 1024 sampled pages)"), text);
    }

    @Test
    void groupsThatCouldNotBeSampledSaySo() {
        LinkedHashMap<String, Optional<HostMemoryNodes>> groups = new LinkedHashMap<>();
        groups.put(BatchHostMemory.PAGEABLE_SOURCES, Optional.empty());
        BatchResults r = singleNode();
        BatchResults unsampled = new BatchResults(r.context(), r.plan(), r.results(), r.notes(), r.placement(),
                List.of(new BatchHostMemory(OptionalInt.of(0), groups)));
        assertEquals("host memory, node 0 (CPUs 0-1): pageable sources not sampled",
                line(BatchText.text(unsampled), "host memory"));
    }

    @Test
    void eachResultCarriesThePagesOfTheBuffersItReads() {
        BatchResult farPinned = all.results().get(1);
        assertEquals(BatchStrategy.PINNED_ASYNC, farPinned.strategy());
        assertEquals("0:990 1:10", farPinned.hostMemoryNodes().orElseThrow().format());
        BatchResult farStaged = all.results().get(3);
        assertEquals("0:2024", farStaged.hostMemoryNodes().orElseThrow().format(), "pageable sources and staging slots");
        assertEquals(List.of(BatchHostMemory.PAGEABLE_SOURCES, BatchHostMemory.PINNED_POOL),
                BatchHostMemory.readBy(BatchStrategy.PIN_THREADS));
        assertEquals(Optional.empty(), BatchHostMemory.none(OptionalInt.empty()).of(BatchStrategy.STAGED));
    }

    @Test
    void nearAndFarSideBySide() {
        String text = BatchText.text(all);
        assertEquals("median ms by NUMA node of host memory and threads (the GPU is on node 1):",
                line(text, "median ms by NUMA node"));
        assertTrue(text.contains("strategy        node 0 far  node 1 near\n"), text);
        assertEquals(List.of("pin-threads", "3.600", "3.200"), text.lines()
                .dropWhile(l -> !l.startsWith("median ms by NUMA node")).filter(l -> l.startsWith("pin-threads"))
                .findFirst().map(l -> List.of(l.strip().split("\\s+"))).orElseThrow(() -> new AssertionError(text)));
        assertFalse(BatchText.text(singleNode()).contains("by NUMA node"), "one pass: no table");
    }

    @Test
    void theSingleNodeNoteAppearsOnceInTheText() {
        String text = BatchText.text(singleNode());
        assertEquals(1, text.lines().filter(l -> l.equals("note: 1 NUMA node: placement has no effect")).count(), text);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonAndCsvCarryTheNodeAndThePages() {
        List<Object> results = (List<Object>) JsonMaps.parse(Json.write(BatchDocument.of(all).results()));
        Map<String, Object> farPinned = (Map<String, Object>) results.get(1);
        assertEquals(0L, farPinned.get("numaNode"));
        assertEquals(Map.of("0", 990L, "1", 10L), farPinned.get("hostMemoryNodes"));
        assertEquals(1L, ((Map<String, Object>) results.get(5)).get("numaNode"));
        assertEquals(java.util.Optional.of("all"), BatchDocument.Plan.of(all).numaNode());
        CsvRows csv = CsvRows.assertMirrors(ResultCsv.render(0, all.runResults()), 0,
                all.runResults());
        assertEquals(java.util.Set.of("0", "1"), csv.rows().stream().filter(r -> r.get("strategy").equals("pinned-async"))
                .map(r -> r.get("numa_node")).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void withEveryNodeNamesEndInTheNodeAndPrefixesStillSelectThemAll() {
        List<String> declared = all.plan().declarations(List.of(0, 1)).stream()
                .map(MetricDeclaration::name).toList();
        assertEquals(16, declared.size());
        assertEquals(List.of("batch.pageable-async.ms.node0", "batch.pageable-async.gbps.node0"),
                declared.subList(0, 2));
        List<String> measured = all.runResults().metrics().stream().map(m -> m.name()).toList();
        assertEquals(declared, measured, "what is declared before is what is measured");
        assertEquals(all.plan().declarations(), all.plan().declarations(List.of()));
        assertEquals("batch.staged.node1", all.runResults().configurations().getLast().name());

        var validated = ExpectationSet.parse(List.of("batch.pinned-async.gbps >= 1.8GB/s"))
                .validate(all.plan().declarations(List.of(0, 1)));
        List<ExpectationOutcome> outcomes = validated.evaluate(all.runResults().metrics());
        assertEquals(List.of("batch.pinned-async.gbps.node0", "batch.pinned-async.gbps.node1"),
                outcomes.stream().map(ExpectationOutcome::metricName).toList());
        assertEquals(List.of(false, true), outcomes.stream().map(ExpectationOutcome::passed).toList(),
                "the far node's 1.67 GB/s fails, the near node's 2.00 passes");
    }

    @Test
    void aWrongBufferSaysItsNode() {
        MeasuredConfiguration wrong = singleNode().runResults().configurations().stream()
                .filter(c -> !c.passed()).findFirst().orElseThrow();
        assertEquals("batch.pin-then-copy-async", wrong.name(), "one node: plain names");
        assertEquals(Optional.of("buffer 17 arrived wrong on node 0"), wrong.failure());
        MeasuredConfiguration unplaced = ResultsFixtures.batchReport().runResults().configurations().stream()
                .filter(c -> !c.passed()).findFirst().orElseThrow();
        assertEquals(Optional.of("buffer 17 arrived wrong"), unplaced.failure());
    }
}
