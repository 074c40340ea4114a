package dev.xfer.app.devices;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The devices report as text and JSON, from fixed device records. */
class DevicesRenderingTest {
    private final DeviceInventory report = ResultsFixtures.devicesReport();

    /** The value of a "  label   value" line in the block of device {@code index}. */
    private static String field(String text, int index, String label) {
        String block = text.split("\n\n")[index];
        return block.lines().filter(l -> l.startsWith("  " + label + " ")).findFirst()
                .map(l -> l.substring(2 + label.length()).strip())
                .orElseThrow(() -> new AssertionError("no " + label + " in\n" + block));
    }

    @Test
    void blockPerDeviceThenTheSoftware() {
        String text = DevicesText.render(report);
        assertTrue(text.startsWith("Device 0: NVIDIA H200\n"), text);
        assertTrue(text.contains("\nDevice 1: NVIDIA H200\n"), text);
        assertTrue(text.endsWith("CUDA driver 13.0, runtime 12.8 (/usr/local/cuda/lib64/libcudart.so.12)\n"), text);
    }

    @Test
    void memoryRoundedAndExact() {
        assertEquals("139.8 GiB total, 139.3 GiB free (150109880320 / 149534343168 bytes)",
                field(DevicesText.render(report), 0, "memory"));
    }

    @Test
    void copyEngineLines() {
        String text = DevicesText.render(report);
        assertEquals("2 async (H2D and D2H can overlap)", field(text, 0, "copy engines"));
        assertEquals("1 async (copies overlap kernels, not each other)", field(text, 1, "copy engines"));
        assertEquals("concurrent", field(text, 0, "copy and execute"));
        assertEquals("not concurrent", field(text, 1, "copy and execute"));
    }

    @Test
    void noCopyEngine() {
        DeviceInfo d = ResultsFixtures.h200(0);
        String text = DevicesText.render(new DeviceInventory(report.driver(), report.runtime(), report.libcudart(), List.of(d)));
        assertEquals("0 async (no overlap)", field(text, 0, "copy engines"));
    }

    @Test
    void linkAndRateUseMaxGenerationWithCurrentWidth() {
        String text = DevicesText.render(report);
        assertEquals("PCIe Gen1 x16 current, PCIe Gen5 x16 max", field(text, 0, "PCIe link"));
        assertEquals("63.0 GB/s per direction (theoretical, PCIe Gen5 x16)", field(text, 0, "link rate"));
        assertEquals("0", field(text, 0, "NUMA node"));
        assertEquals("0-23,48-71", field(text, 0, "CPU affinity"));
        assertEquals("9.0", field(text, 0, "compute capability"));
        assertEquals("0000:17:00.0", field(text, 0, "PCI bus id"));
    }

    @Test
    void withoutSysfsEverythingIsUnknown() {
        String text = DevicesText.render(report);
        assertEquals("unknown current, unknown max", field(text, 1, "PCIe link"));
        assertEquals("unknown", field(text, 1, "link rate"));
        assertEquals("unknown", field(text, 1, "NUMA node"));
        assertEquals("unknown", field(text, 1, "CPU affinity"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonDevice() {
        Map<String, Object> d = (Map<String, Object>) JsonMaps.parse(Json.write(DeviceDocument.of(ResultsFixtures.h200())));
        assertEquals(List.of("index", "name", "uuid", "computeCapability", "memoryTotalBytes", "memoryFreeBytes",
                "multiprocessors", "asyncEngines", "concurrentCopyAndExecute", "pciBusId", "numaNode", "cpuAffinity",
                "linkCurrent", "linkMax", "linkTheoreticalGBps"), List.copyOf(d.keySet()));
        assertEquals("9.0", d.get("computeCapability"));
        assertEquals(150_109_880_320L, d.get("memoryTotalBytes"));
        assertEquals(2L, d.get("asyncEngines"));
        assertEquals(0L, d.get("numaNode"));
        assertEquals(Map.of("generation", 1L, "width", 16L), d.get("linkCurrent"));
        assertEquals(Map.of("generation", 5L, "width", 16L), d.get("linkMax"));
        assertEquals(16 * 32.0 * 128 / 130 / 8, (double) d.get("linkTheoreticalGBps"), 1e-12);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonUnknownsAreNull() {
        Map<String, Object> d = (Map<String, Object>) JsonMaps.parse(Json.write(DeviceDocument.of(ResultsFixtures.withoutSysfs())));
        for (String key : List.of("numaNode", "cpuAffinity", "linkCurrent", "linkMax", "linkTheoreticalGBps")) {
            assertTrue(d.containsKey(key), key);
            assertNull(d.get(key), key);
        }
        assertEquals(1L, d.get("asyncEngines"));
    }

    @Test
    void numaNodeFromCudaWhenSysfsHasNone() {
        DeviceInfo d = new DeviceInfo(0, "NVIDIA H200", 9, 0, 1, 1, 132, 2, true, "0000:17:00.0", java.util.Optional.empty(), 3);
        assertEquals(3L, ((Map<?, ?>) JsonMaps.parse(Json.write(DeviceDocument.of(d)))).get("numaNode"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonSoftware() {
        Map<String, Object> s = (Map<String, Object>) JsonMaps.parse(Json.write(DeviceInventoryDocument.of(1, "0.1.0-test", report).software()));
        assertEquals(Map.of("driverVersion", "13.0", "runtimeVersion", "12.8",
                "libcudart", "/usr/local/cuda/lib64/libcudart.so.12"), s);
        assertEquals(2, DeviceInventoryDocument.of(1, "0.1.0-test", report).devices().size());
    }
}
