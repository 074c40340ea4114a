package dev.xfer.app.fleet;

import dev.xfer.app.output.OpenMetrics;

import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The OpenMetrics text xfer writes, read back by the format's rules (OpenMetrics 1.0, text format). */
class OpenMetricsTest {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    // DOTALL: a label value may hold any character but a line feed (escaped), \r and U+2028 included.
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{.*})? (\\S+)", Pattern.DOTALL);
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"(,|$)");
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d+)?([eE][+-]?\\d+)?|Inf|NaN)");

    record Sample(String family, Map<String, String> labels, double value) {
    }

    /**
     * A strict reader: metadata before samples, families contiguous and once, names and escapes
     * valid, every sample of a family with the same label names in the same order, # EOF last. A
     * label with an empty value is left out of a sample's labels, as Prometheus reads it.
     */
    static List<Sample> parse(String text) {
        assertTrue(text.endsWith("# EOF\n"), "ends with # EOF and a line feed");
        String[] lines = text.substring(0, text.length() - "# EOF\n".length()).split("\n", -1);
        List<Sample> samples = new ArrayList<>();
        Map<String, String> types = new HashMap<>();
        Set<String> closed = new HashSet<>();
        Map<String, List<String>> labelNames = new HashMap<>();
        String current = null;
        for (String line : lines) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("# ")) {
                String[] parts = line.split(" ", 4);
                String name = parts[2];
                assertTrue(NAME.matcher(name).matches(), line);
                if (!name.equals(current)) {
                    assertFalse(closed.contains(name), "family " + name + " appears twice");
                    if (current != null) {
                        closed.add(current);
                    }
                    current = name;
                }
                switch (parts[1]) {
                    case "TYPE" -> {
                        assertFalse(types.containsKey(name), line);
                        assertTrue(Set.of("gauge", "counter", "unknown", "info", "stateset", "histogram", "gaugehistogram", "summary")
                                .contains(parts[3]), line);
                        types.put(name, parts[3]);
                    }
                    case "UNIT" -> assertTrue(name.endsWith("_" + parts[3]), "a family with a unit ends its name with it: " + line);
                    case "HELP" -> assertTrue(parts.length == 4, line);
                    default -> fail("unknown metadata: " + line);
                }
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertTrue(m.matches(), "a sample: " + line);
            assertEquals(current, m.group(1), "a gauge's samples carry its family's name, after its metadata: " + line);
            assertEquals("gauge", types.get(current), line);
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(2) != null) {
                String body = m.group(2).substring(1, m.group(2).length() - 1);
                Matcher l = LABEL.matcher(body);
                int at = 0;
                while (at < body.length()) {
                    assertTrue(l.find(at) && l.start() == at, "labels: " + body);
                    assertFalse(labels.containsKey(l.group(1)), "label repeats: " + line);
                    labels.put(l.group(1), l.group(2).replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\"));
                    at = l.end();
                }
            }
            List<String> names = List.copyOf(labels.keySet());
            assertEquals(labelNames.computeIfAbsent(current, k -> names), names, "one label set per family: " + line);
            labels.values().removeIf(String::isEmpty);
            assertTrue(NUMBER.matcher(m.group(3)).matches(), line);
            samples.add(new Sample(current, labels, Double.parseDouble(m.group(3))));
        }
        return samples;
    }

    @Test
    void bandwidthResultsAreLabelledGaugesInBaseUnits() throws IOException {
        Path file = Path.of("src/test/resources/golden/bandwidth.json");
        String text = OpenMetrics.render((new DocumentReader().runs(file, JsonMaps.parse(Files.readString(file)))).stream().map(dev.xfer.app.fleet.GpuRun::results).toList());
        List<Sample> samples = parse(text);
        Sample h2d = samples.stream().filter(s -> s.family().equals("xfer_bandwidth_bytes_per_second")
                && "pinned".equals(s.labels().get("memory")) && "h2d".equals(s.labels().get("direction"))).findFirst().orElseThrow();
        assertEquals(52.634e9, h2d.value());
        assertEquals(Map.ofEntries(Map.entry("host", "gpu-host-1"), Map.entry("label", "nightly"),
                Map.entry("gpu_uuid", "GPU-8f3a2c1e-5b7d-4e90-a1c2-3d4e5f607182"), Map.entry("pci_bus_id", "0000:17:00.0"),
                Map.entry("device", "0"), Map.entry("gpu_name", "NVIDIA H200"), Map.entry("command", "bandwidth"),
                Map.entry("memory", "pinned"), Map.entry("copy", "driver"), Map.entry("direction", "h2d"),
                Map.entry("bytes", "16777216")), h2d.labels());
        Sample time = samples.stream().filter(s -> s.family().equals("xfer_copy_seconds")
                && "pinned".equals(s.labels().get("memory")) && "h2d".equals(s.labels().get("direction"))).findFirst().orElseThrow();
        assertEquals(318.74e-6, time.value(), 1e-15);
        assertTrue(text.contains("# UNIT xfer_copy_seconds seconds\n"), text);
        assertTrue(text.contains("# UNIT xfer_bandwidth_bytes_per_second bytes_per_second\n"), text);
    }

    /** Every golden and H200 document: no two samples of one family share a label set, and every label is snake_case. */
    @Test
    void noTwoSamplesShareALabelSet() throws IOException {
        List<GpuRun> runs = new ArrayList<>();
        for (String dir : List.of("src/test/resources/golden", "src/test/resources/h200")) {
            for (Path file : DocumentSet.files(List.of(Path.of(dir)))) {
                try {
                    runs.addAll(new DocumentReader().read(file));
                } catch (BadDocumentException notResults) {
                    assertTrue(notResults.getMessage().contains("carry no GPU results"), notResults.getMessage());
                }
            }
        }
        List<Sample> samples = parse(OpenMetrics.render((runs).stream().map(dev.xfer.app.fleet.GpuRun::results).toList()));
        Set<String> seen = new HashSet<>();
        for (Sample s : samples) {
            assertTrue(seen.add(s.family() + s.labels()), "two samples with one label set: " + s);
            s.labels().keySet().forEach(l -> assertTrue(l.matches("[a-z][a-z0-9_]*"), l));
        }
        assertTrue(samples.stream().anyMatch(s -> "staged".equals(s.labels().get("copy"))));
        assertTrue(samples.stream().anyMatch(s -> "p2p".equals(s.labels().get("direction")) && s.labels().containsKey("dst")));
        // The read form of a peer copy is a series of its own; the write form's series carry no initiation.
        assertTrue(samples.stream().anyMatch(s -> "read".equals(s.labels().get("initiation"))));
        assertFalse(samples.stream().anyMatch(s -> s.labels().containsKey("initiation")
                && !"read".equals(s.labels().get("initiation"))));
        assertTrue(samples.stream().anyMatch(s -> s.family().equals("xfer_wrong_trials") && "check".equals(s.labels().get("command"))));
        assertTrue(samples.stream().anyMatch(s -> "16".equals(s.labels().get("streams"))));
    }

    @Test
    void labelValuesAreEscaped() {
        assertEquals("a\\\\b\\\"c\\nd", OpenMetrics.escape("a\\b\"c\nd"));
    }

    @Test
    void severalDevicesAndTheirCommandsShareFamiliesOnce() throws IOException {
        List<GpuRun> runs = new ArrayList<>();
        for (String name : List.of("bandwidth-devices-p2p.json", "overlap.json", "batch.json")) {
            Path file = Path.of("src/test/resources/golden", name);
            runs.addAll(new DocumentReader().runs(file, JsonMaps.parse(Files.readString(file))));
        }
        List<Sample> samples = parse(OpenMetrics.render((runs).stream().map(dev.xfer.app.fleet.GpuRun::results).toList()));
        assertTrue(samples.stream().anyMatch(s -> "overlap".equals(s.labels().get("command"))));
        assertTrue(samples.stream().anyMatch(s -> "batch".equals(s.labels().get("command"))));
    }
}
