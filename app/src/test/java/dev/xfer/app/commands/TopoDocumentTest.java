package dev.xfer.app.commands;


import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.app.topo.CudaStatus;
import dev.xfer.app.topo.TopoInventory;
import dev.xfer.app.topo.command.TopoCommand;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The whole {@code xfer topo --json} document, parsed back. */
class TopoDocumentTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsed(TopoInventory report) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(TopoCommand.document("0.1.0-test", report)));
    }

    private static TopoInventory report(NumaTopology numa) {
        return new TopoInventory(new CudaStatus.Unusable("CUDA is not usable here: no driver"), List.of(), numa);
    }

    @Test
    void envelope() {
        Map<String, Object> doc = parsed(report(
                new NumaTopologyReader(SysfsFixtures.root(SysfsFixtures.FOUR_NODE_TWO_GPUS)).read()));

        assertEquals(List.of("schemaVersion", "xfer", "command", "cuda", "gpus", "numaNodes", "numaNodesAssumed",
                "singleNode"), List.copyOf(doc.keySet()));
        assertEquals((long) MeasuringMixin.SCHEMA_VERSION, doc.get("schemaVersion"));
        assertEquals("topo", doc.get("command"));
        assertEquals(Map.of("usable", false, "reason", "CUDA is not usable here: no driver"), doc.get("cuda"));
        assertEquals(List.of(), doc.get("gpus"));
        assertEquals(4, ((List<?>) doc.get("numaNodes")).size());
        assertEquals(false, doc.get("numaNodesAssumed"));
        assertEquals(false, doc.get("singleNode"));
    }

    @Test
    void singleNodeAndAssumed() {
        Map<String, Object> one = parsed(report(
                new NumaTopologyReader(SysfsFixtures.root(SysfsFixtures.SINGLE_NODE_GEN5)).read()));
        assertEquals(true, one.get("singleNode"));
        assertEquals(false, one.get("numaNodesAssumed"));

        Map<String, Object> assumed = parsed(report(NumaTopology.assumedSingleNode()));
        assertEquals(true, assumed.get("singleNode"));
        assertEquals(true, assumed.get("numaNodesAssumed"));
    }
}
