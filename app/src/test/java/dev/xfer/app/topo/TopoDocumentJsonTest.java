package dev.xfer.app.topo;


import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.sysfs.SysfsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The topology report as JSON, written and parsed back. */
class TopoDocumentJsonTest {

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(Object value) {
        return (T) JsonMaps.parse(Json.write(value));
    }

    @Test
    void cudaNotUsableCarriesTheReason() {
        Map<String, Object> cuda = roundTrip(TopoDocument.Cuda.of(new CudaStatus.Unusable(TopoFixtures.NO_DRIVER_REASON)));

        assertEquals(Map.of("usable", false, "reason", TopoFixtures.NO_DRIVER_REASON), cuda);
        assertEquals(List.of("usable", "reason"), List.copyOf(cuda.keySet()));
    }

    @Test
    void cudaUsableCarriesTheVersions() {
        Map<String, Object> cuda = roundTrip(TopoDocument.Cuda.of(
                TopoFixtures.withCuda(SysfsFixtures.SINGLE_NODE_GEN5, "0000:17:00.0").cuda()));

        assertEquals(List.of("usable", "driverVersion", "runtimeVersion", "libcudart"), List.copyOf(cuda.keySet()));
        assertEquals(true, cuda.get("usable"));
        assertEquals("13.0", cuda.get("driverVersion"));
        assertEquals("/usr/local/cuda/lib64/libcudart.so.13", cuda.get("libcudart"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void gpuFromSysfs() {
        TopoInventory report = TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED);
        List<Object> gpus = roundTrip(TopoDocument.of(1, "t", report).gpus());

        assertEquals(1, gpus.size());
        Map<String, Object> gpu = (Map<String, Object>) gpus.getFirst();
        assertEquals(List.of("index", "name", "busId", "numaNode", "cpuAffinity", "linkCurrent", "linkMax",
                "linkTheoreticalGBps", "widthReduced"), List.copyOf(gpu.keySet()));
        assertNull(gpu.get("index"));
        assertNull(gpu.get("name"));
        assertEquals("0000:81:00.0", gpu.get("busId"));
        assertEquals(1L, gpu.get("numaNode"));
        assertEquals("24-47,72-95", gpu.get("cpuAffinity"));
        assertEquals(Map.of("generation", 4L, "width", 8L), gpu.get("linkCurrent"));
        assertEquals(Map.of("generation", 4L, "width", 16L), gpu.get("linkMax"));
        assertEquals(15.75, (Double) gpu.get("linkTheoreticalGBps"), 0.01);
        assertEquals(true, gpu.get("widthReduced"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void gpuFromCudaWithoutNodeOrLink() {
        List<Object> gpus = roundTrip(TopoDocument.of(1, "t", TopoFixtures.withCuda(SysfsFixtures.UNKNOWN_LINK, "0000:00:05.0")).gpus());
        Map<String, Object> gpu = (Map<String, Object>) gpus.getFirst();

        assertEquals(0L, gpu.get("index"));
        assertEquals("NVIDIA H200", gpu.get("name"));
        assertNull(gpu.get("numaNode"));
        assertNull(gpu.get("cpuAffinity"));
        assertNull(gpu.get("linkCurrent"));
        assertNull(gpu.get("linkMax"));
        assertNull(gpu.get("linkTheoreticalGBps"));
        assertEquals(false, gpu.get("widthReduced"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void numaNodes() {
        List<Object> nodes = roundTrip(TopoDocument.of(1, "t", TopoFixtures.withoutCuda(SysfsFixtures.FOUR_NODE_TWO_GPUS)).numaNodes());

        assertEquals(4, nodes.size());
        Map<String, Object> node3 = (Map<String, Object>) nodes.get(3);
        assertEquals(List.of("id", "cpus", "memTotalBytes", "memFreeBytes"), List.copyOf(node3.keySet()));
        assertEquals(3L, node3.get("id"));
        assertEquals("48-63,112-127", node3.get("cpus"));
        assertEquals(66043904L * 1024, node3.get("memTotalBytes"));
        assertEquals(59999744L * 1024, node3.get("memFreeBytes"));
    }

    /** No node folder in sysfs: one assumed node 0, about which nothing is known. */
    @Test
    @SuppressWarnings("unchecked")
    void unknownNodeFieldsAreNull() {
        List<Object> nodes = roundTrip(TopoDocument.of(1, "t", TopoFixtures.withoutCuda(SysfsFixtures.UNKNOWN_LINK)).numaNodes());
        Map<String, Object> node = (Map<String, Object>) nodes.getFirst();

        assertEquals(1, nodes.size());
        assertEquals(0L, node.get("id"));
        assertTrue(node.containsKey("cpus"), node.toString());
        assertNull(node.get("cpus"));
        assertNull(node.get("memTotalBytes"));
        assertNull(node.get("memFreeBytes"));
    }
}
