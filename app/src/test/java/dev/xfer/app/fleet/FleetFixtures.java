package dev.xfer.app.fleet;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** xfer bandwidth documents written the way the measuring commands write them, with chosen figures. */
final class FleetFixtures {
    private FleetFixtures() {
    }

    /** One GPU's pinned H2D and D2H at 64 MiB. */
    record Gpu(String host, String model, int index, double h2dGbps, double d2hGbps, int width) {
        Gpu(String host, String model, int index, double h2dGbps) {
            this(host, model, index, h2dGbps, h2dGbps, 16);
        }

        String uuid() {
            return String.format("GPU-%08x-0000-4000-8000-%012x", Math.abs((host + model).hashCode()), index);
        }
    }

    static Map<String, Object> document(Gpu gpu, String label, double stddev, long n) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", 1L);
        doc.put("command", "bandwidth");
        doc.put("context", context(gpu, label));
        doc.put("parameters", parameters(n));
        List<Object> results = new ArrayList<>();
        results.add(result("h2d", gpu.h2dGbps(), stddev, n));
        results.add(result("d2h", gpu.d2hGbps(), stddev, n));
        doc.put("results", results);
        doc.put("failures", List.of());
        return doc;
    }

    /** The plan of {@link #document}'s run, {@code n} iterations. */
    static Map<String, Object> parameters(long n) {
        return JsonMaps.object("sizes", List.of(64L << 20), "memories", List.of("pinned"),
                "directions", List.of("h2d", "d2h"), "iterations", n, "warmup", 2L, "timer", "events");
    }

    /** A copy's recorded wrong byte, as a bandwidth document's {@code failures} entry. */
    static Map<String, Object> wrongByte(String configuration) {
        return JsonMaps.object("configuration", configuration, "offset", 17L, "expected", 60L, "actual", 165L,
                "numaNode", null);
    }

    static Map<String, Object> context(Gpu gpu, String label) {
        Map<String, Object> device = new LinkedHashMap<>();
        device.put("index", (long) gpu.index());
        device.put("name", gpu.model());
        device.put("uuid", gpu.uuid());
        device.put("computeCapability", "9.0");
        device.put("memoryTotalBytes", 80L << 30);
        device.put("memoryFreeBytes", 79L << 30);
        device.put("multiprocessors", 132L);
        device.put("asyncEngines", 3L);
        device.put("concurrentCopyAndExecute", true);
        device.put("pciBusId", String.format("0000:%02x:00.0", 0x17 + gpu.index()));
        device.put("numaNode", 0L);
        device.put("cpuAffinity", null);
        device.put("linkCurrent", JsonMaps.object("generation", 5L, "width", (long) gpu.width()));
        device.put("linkMax", JsonMaps.object("generation", 5L, "width", 16L));
        device.put("linkTheoreticalGBps", 63.015);
        return JsonMaps.object("xfer", "0.1.0-test", "started", "2025-06-01T12:34:56Z", "host", gpu.host(), "label", label,
                "runtimeVersion", "13.0", "driverVersion", "13.0", "device", device);
    }

    private static Map<String, Object> result(String direction, double gbps, double stddev, long n) {
        double micros = 64.0 * 1024 * 1024 / (gbps * 1e3);
        return JsonMaps.object("memory", "pinned", "direction", direction, "bytes", 64L << 20,
                "gbps", summary(gbps, stddev, n), "microseconds", summary(micros, micros * stddev / gbps, n),
                "percentOfLink", null, "verified", true);
    }

    /** A summary as documents write it: a steady run, its min, max and mean at its median. */
    static Map<String, Object> summary(double median, double stddev, long n) {
        return JsonMaps.object("median", median, "min", median, "max", median, "mean", median, "stddev", stddev, "n", n);
    }

    static Path write(Path folder, String name, Object document) {
        try {
            Path file = folder.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, Json.write(document));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The judged GPU runs of fixture documents, as compare reads them. */
    static List<DocumentSet.Judged> judged(List<Gpu> gpus) {
        List<DocumentSet.Judged> runs = new ArrayList<>();
        DocumentSet set = new DocumentSet();
        for (Gpu gpu : gpus) {
            runs.addAll(set.judge(Path.of(gpu.host() + "-" + gpu.index() + ".json"), JsonMaps.parse(Json.write(document(gpu, null, 0.1, 20)))));
        }
        return runs;
    }

    /** Fixed floors, so fixture verdicts do not move when the measured table is remeasured. */
    static final dev.xfer.app.verdict.NoiseFloors FLOORS = dev.xfer.app.verdict.NoiseFloors.parse(
            "NVIDIA H200\tPINNED_COPY\t0.02\nNVIDIA H200\tPAGEABLE_COPY\t0.5\nNVIDIA H100 PCIe\tPINNED_COPY\t0.1\n");

    /** The GPU runs of fixture documents, read back through the document reader. */
    static List<GpuRun> runs(List<Gpu> gpus) {
        List<GpuRun> runs = new ArrayList<>();
        DocumentReader reader = new DocumentReader();
        for (Gpu gpu : gpus) {
            runs.addAll(reader.runs(Path.of(gpu.host() + "-" + gpu.index() + ".json"),
                    JsonMaps.parse(Json.write(document(gpu, null, 0.1, 20)))));
        }
        return runs;
    }
}
