package dev.xfer.app.smoke;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: {@code smoke --quick} passes a healthy GPU, records its times, and judges
 * pinned rates on the best of 3 allocations; with several GPUs, concurrent and sequential runs
 * both pass and say which they were. Its time budget (1.5 s of GPU work per GPU, the evidence's
 * cost within 0.1 s) is judged by {@code scripts/gpu-check.sh evidence-cost}, over alternating
 * runs with and without NVML, never by a timed assertion here.
 */
@Tag("gpu")
class SmokeQuickOnGpuTest {
    @SuppressWarnings("unchecked")
    private static Map<String, Object> document(XferRun run) {
        assertEquals(0, run.exitCode(), run.out() + run.err());
        return (Map<String, Object>) JsonMaps.parse(run.out());
    }

    @Test
    @SuppressWarnings("unchecked")
    void oneGpuPassesAndRecordsItsTimes() {
        Map<String, Object> doc = document(XferRun.of("smoke", "--quick", "--json"));
        assertEquals("quick", doc.get("profile"));
        assertEquals("sequential", doc.get("devicesAtOnce"));
        Map<String, Object> device = ((List<Map<String, Object>>) doc.get("devices")).getFirst();
        Map<String, Object> seconds = (Map<String, Object>) device.get("seconds");
        double parts = 0;
        for (String part : List.of("open", "waited", "bandwidth", "overlap", "check")) {
            double s = ((Number) seconds.get(part)).doubleValue();
            assertTrue(s >= 0, part + " " + s);
            parts += s;
        }
        assertEquals(parts, ((Number) seconds.get("total")).doubleValue(), 1e-3, "the total is its parts: " + seconds);
        List<Map<String, Object>> pinned = ((List<Map<String, Object>>) device.get("results")).stream()
                .filter(r -> "pinned".equals(r.get("memory")) && r.containsKey("gbps")).toList();
        assertEquals(2, pinned.size(), "pinned h2d and d2h, nothing pageable: " + pinned);
        for (Map<String, Object> r : pinned) {
            Map<String, Object> allocations = (Map<String, Object>) r.get("allocations");
            assertEquals(3, ((Number) allocations.get("count")).intValue());
            double median = ((Number) ((Map<String, Object>) r.get("gbps")).get("median")).doubleValue();
            assertEquals(((Number) allocations.get("best")).doubleValue(), median, 1e-9, "judged on the best");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void severalGpusPassConcurrentAndSequential() {
        Assumptions.assumeTrue(CudaRuntime.load(Optional.empty()).deviceCount() > 1, "one GPU here");
        for (String mode : List.of("sequential", "concurrent")) {
            XferRun run = mode.equals("concurrent") ? XferRun.of("smoke", "--quick", "--device", "all", "--concurrent", "--json")
                    : XferRun.of("smoke", "--quick", "--device", "all", "--json");
            Map<String, Object> doc = document(run);
            assertEquals(mode, doc.get("devicesAtOnce"));
            List<Map<String, Object>> devices = (List<Map<String, Object>>) doc.get("devices");
            assertEquals(CudaRuntime.load(Optional.empty()).deviceCount(), devices.size());
            for (int i = 0; i < devices.size(); i++) {
                Map<String, Object> context = (Map<String, Object>) devices.get(i).get("context");
                assertEquals(i, ((Number) ((Map<String, Object>) context.get("device")).get("index")).intValue(),
                        "documents in device order");
            }
        }
    }
}
