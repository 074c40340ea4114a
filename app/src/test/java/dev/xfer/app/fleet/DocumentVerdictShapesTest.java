package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every shape of "no result" and every shape of a recorded failure, made by changing a copy of a
 * real document (an H200 bandwidth run, an H200 smoke run), beside two healthy nodes: fleet names
 * the node NO RESULT or FAIL with the reason, exits 1, and says so in every report format.
 */
class DocumentVerdictShapesTest {
    private static final Path BANDWIDTH = Path.of("src/test/resources/h200/bandwidth.json");
    private static final Path CHECK = Path.of("src/test/resources/h200/check.json");
    private static final Path SMOKE = Path.of("src/test/resources/noise/h200-2026-11-23/smoke-1.json");

    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> read(Path file) {
        try {
            return (Map<String, Object>) JsonMaps.parse(Files.readString(file));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The document's host set to {@code host} wherever a context names it. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> on(String host, Map<String, Object> doc) {
        if (doc.get("context") instanceof Map<?, ?> c) {
            ((Map<String, Object>) c).put("host", host);
        }
        if (doc.get("devices") instanceof List<?> devices) {
            devices.forEach(d -> ((Map<String, Object>) ((Map<String, Object>) d).get("context")).put("host", host));
        }
        return doc;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstDevice(Map<String, Object> smoke) {
        return (Map<String, Object>) ((List<Object>) smoke.get("devices")).getFirst();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstResult(Map<String, Object> part) {
        return (Map<String, Object>) ((List<Object>) part.get("results")).getFirst();
    }

    private static Arguments shape(String name, Path fixture, Consumer<Map<String, Object>> change, String reason) {
        return Arguments.of(name, fixture, change, reason);
    }

    static Stream<Arguments> noResult() {
        return Stream.of(
                shape("results []", BANDWIDTH, d -> d.put("results", List.of()), "no results (results: [])"),
                // A run that waived everything it was asked (one GPU, p2p only) measured nothing: never PASS.
                shape("only waivers, no rows", BANDWIDTH, d -> {
                    d.put("results", List.of());
                    d.put("waived", List.of(JsonMaps.object("configuration", "p2p 16777216 B",
                            "reason", "GPU to GPU needs two GPUs; --device all found one (GPU 0)")));
                }, "no results (results: [])"),
                shape("results null", BANDWIDTH, d -> d.put("results", null), "no results (results: null)"),
                shape("results {\"a\":1}", BANDWIDTH, d -> d.put("results", Map.of("a", 1L)), "no results: the bandwidth document holds no GPU run"),
                shape("an unknown command", BANDWIDTH, d -> d.put("command", "warp-drive"), "unknown command 'warp-drive': no results xfer can judge"),
                shape("complete: false", BANDWIDTH, d -> {
                    d.put("complete", false);
                    d.put("stopped", JsonMaps.object("reason", "time-limit", "measured", 3L, "planned", 38L,
                            "message", "stopped by --timeout 5s after 3 of 38 configurations"));
                }, "the run is incomplete (complete: false): stopped by --timeout 5s after 3 of 38 configurations"),
                shape("smoke with an empty checks list", SMOKE, d -> firstDevice(d).put("checks", List.of()),
                        "smoke did not finish its checks (checks: [])"),
                shape("smoke with no GPU and no reason", SMOKE, d -> d.put("devices", List.of()),
                        "no results: the smoke document holds no GPU run"));
    }

    static Stream<Arguments> failed() {
        return Stream.of(
                shape("a result not verified", BANDWIDTH, d -> firstResult(d).put("verified", false),
                        "pinned.h2d.4KiB not verified: the copied data were wrong (verified: false)"),
                shape("a failures entry", BANDWIDTH, d -> d.put("failures", List.of(JsonMaps.object("configuration", "pinned h2d 4096 B",
                        "offset", 17L, "expected", 60L, "actual", 165L, "numaNode", null))),
                        "failure recorded: pinned h2d 4096 B: wrong byte at offset 17 (expected 60, got 165)"),
                shape("an unmet expectation", BANDWIDTH, d -> d.put("expectations", List.of(JsonMaps.object("expectation",
                        "pinned.h2d >= 90%link", "passed", false, "line", "FAIL pinned.h2d.64MiB >= 90%link (measured 87.9%link)"))),
                        "expectation not met: FAIL pinned.h2d.64MiB >= 90%link (measured 87.9%link)"),
                shape("passed: false at the top", SMOKE, d -> d.put("passed", false),
                        "the document says the run did not pass (passed: false)"),
                shape("passed: false for a GPU", SMOKE, d -> firstDevice(d).put("passed", false),
                        "the GPU's run did not pass (passed: false)"),
                shape("a failed smoke check", SMOKE, d -> {
                    Map<String, Object> check = new LinkedHashMap<>(JsonMaps.object("name", "d2h-sync", "passed", false,
                            "summary", "3 of 10 trials wrong", "failure", "3 wrong trials despite synchronization"));
                    List<Object> checks = new ArrayList<>((List<?>) firstDevice(d).get("checks"));
                    checks.add(check);
                    firstDevice(d).put("checks", checks);
                }, "smoke check d2h-sync failed: 3 wrong trials despite synchronization"),
                shape("wrong trials where none were allowed", CHECK, d -> {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> sync = (Map<String, Object>) ((List<Object>) d.get("results")).get(1);
                    sync.put("wrongTrials", 2L);
                }, "check d2h-sync: 2 wrong trials of 20 where the run required none (synchronized)"));
    }

    private XferRun fleetWith(Path fixture, Consumer<Map<String, Object>> change, String... options) {
        FleetFixtures.write(dir, "docs/n1.json", on("n1", read(fixture)));
        FleetFixtures.write(dir, "docs/n2.json", on("n2", read(fixture)));
        Map<String, Object> broken = on("bad", read(fixture));
        change.accept(broken);
        FleetFixtures.write(dir, "docs/bad.json", broken);
        List<String> args = new ArrayList<>(List.of("fleet"));
        args.addAll(List.of(options));
        args.add(dir.resolve("docs").toString());
        return XferRun.of(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("noResult")
    void noResultIsNeverPass(String name, Path fixture, Consumer<Map<String, Object>> change, String reason) throws IOException {
        Path junit = dir.resolve("out/fleet.xml");
        Files.createDirectories(junit.getParent());
        XferRun run = fleetWith(fixture, change, "--junit", junit.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        // A document that names no host is named by its file.
        assertTrue(run.out().contains("node bad: NO RESULT ") || run.out().contains("node unknown host (bad.json): NO RESULT "), run.out());
        assertTrue(run.out().contains(reason), run.out());
        assertTrue(run.out().endsWith("fleet: 2 nodes PASS, 0 FAIL, 1 NO RESULT\nfleet: NO RESULT\n"), run.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("<error message=\"NO RESULT: "), xml);

        XferRun allowed = fleetWith(fixture, change, "--allow-incomplete");
        assertEquals(0, allowed.exitCode(), allowed.out());
        assertTrue(allowed.out().endsWith("fleet: NO RESULT (allowed by --allow-incomplete)\n"), allowed.out());

        String jsonText = fleetWith(fixture, change, "--json").out();
        Map<?, ?> json = (Map<?, ?>) JsonMaps.parse(jsonText);
        assertEquals("no-result", json.get("state"));
        assertEquals(false, json.get("passed"));
        Path fleetDoc = Files.writeString(dir.resolve("out/fleet.json"), jsonText);
        Path html = dir.resolve("out/fleet.html");
        XferRun plot = XferRun.of("plot", "-o", html.toString(), fleetDoc.toString());
        assertEquals(0, plot.exitCode(), plot.err());
        assertTrue(Files.readString(html).contains("1 NO RESULT"), "the HTML report names the node: " + Files.readString(html));
        assertTrue(fleetWith(fixture, change, "--csv").out().contains(",no-result"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failed")
    void aRecordedFailureIsFailNamedWhateverTheNumbers(String name, Path fixture, Consumer<Map<String, Object>> change, String reason) {
        XferRun run = fleetWith(fixture, change);
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("node bad: FAIL "), run.out());
        assertTrue(run.out().contains(reason), run.out());
        assertTrue(run.out().endsWith("fleet: 2 nodes PASS, 1 FAIL, 0 NO RESULT\nfleet: FAIL\n"), run.out());
        Map<?, ?> json = (Map<?, ?>) JsonMaps.parse(fleetWith(fixture, change, "--json").out());
        assertEquals("fail", json.get("state"));
    }
}
