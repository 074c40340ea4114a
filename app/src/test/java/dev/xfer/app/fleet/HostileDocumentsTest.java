package dev.xfer.app.fleet;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a hostile or broken document gets from every reader (fleet, compare, plot): NO RESULT where
 * it says it is incomplete, on every shape; exit 2 naming the field or the limit for a word outside
 * its set, a size below 1 byte, nesting or a string beyond the readers' limits; never exit 70 (issue 41).
 */
class HostileDocumentsTest {
    /** A real one-run smoke document of an H200 (smoke --quick, 2026-11-23). */
    private static final Path SMOKE = Path.of("src/test/resources/noise/h200-2026-11-23-quick/smoke-1.json");

    @TempDir
    Path dir;

    private Path baseline;

    @BeforeEach
    void aBaseline() throws IOException {
        baseline = Files.copy(SMOKE, dir.resolve("baseline.json"));
    }

    @SuppressWarnings("unchecked")
    private Path smoke(String name, Consumer<Map<String, Object>> change) throws IOException {
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(Files.readString(SMOKE));
        change.accept(doc);
        return Files.writeString(dir.resolve(name), Json.write(doc));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstRow(Map<String, Object> doc) {
        Map<String, Object> device = (Map<String, Object>) ((List<Object>) doc.get("devices")).getFirst();
        return (Map<String, Object>) ((List<Object>) device.get("results")).getFirst();
    }

    @Test
    void aOneRunSmokeDocumentMarkedIncompleteIsNoResult() throws IOException {
        Path incomplete = smoke("incomplete.json", d -> d.put("complete", false));
        XferRun fleet = XferRun.of("fleet", incomplete.toString());
        assertEquals(ExitCode.CHECK_FAILED, fleet.exitCode(), fleet.err());
        assertTrue(fleet.out().contains("NO RESULT") && fleet.out().contains("the run is incomplete (complete: false)"),
                fleet.out());
        assertTrue(fleet.out().endsWith("fleet: NO RESULT\n"), fleet.out());
        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), incomplete.toString());
        assertEquals(ExitCode.CHECK_FAILED, compare.exitCode(), compare.out() + compare.err());
    }

    @Test
    void completeAsTextIsExit2() throws IOException {
        Path text = smoke("text.json", d -> d.put("complete", "false"));
        XferRun.of("fleet", text.toString()).assertOneLine(ExitCode.USAGE,
                "xfer: " + text + ": complete: expected true or false, got text \"false\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory=quantum", "direction=sideways", "copy=teleport"})
    void aWordOutsideItsSetIsExit2InEveryReader(String change) throws IOException {
        String[] kv = change.split("=");
        Path bad = smoke("bad.json", d -> firstRow(d).put(kv[0], kv[1]));
        String expected = switch (kv[0]) {
            case "memory" -> "pageable, pinned, pinned-huge, registered, write-combined, heap or device";
            case "direction" -> "h2d, d2h, d2d, d2d-read, d2d-write, bidir-h2d or bidir-d2h";
            default -> "staged, kernel, batch-api or tma";
        };
        String line = "xfer: " + bad + ": devices[0].results[0]: " + kv[0] + ": expected " + expected + ", got text \""
                + kv[1] + "\"";
        XferRun.of("fleet", bad.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", baseline.toString(), bad.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("plot", bad.toString(), "-o", dir.resolve("p.html").toString()).assertOneLine(ExitCode.USAGE, line);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -5})
    void aSizeBelowOneByteIsExit2InEveryReader(long bytes) throws IOException {
        Path bad = smoke("bytes.json", d -> firstRow(d).put("bytes", bytes));
        String line = "xfer: " + bad + ": devices[0].results[0]: bytes: expected a whole number, 1 or more, got the number " + bytes;
        XferRun.of("fleet", bad.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", baseline.toString(), bad.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("plot", bad.toString(), "-o", dir.resolve("p.html").toString()).assertOneLine(ExitCode.USAGE, line);
    }

    @Test
    void nestingBeyondTheLimitIsExit2NamingItInEveryReader() throws IOException {
        Path deep = Files.writeString(dir.resolve("deep.json"),
                "{\"schemaVersion\": 1, \"command\": \"smoke\", \"x\": " + "[".repeat(10_000) + "]".repeat(10_000) + "}");
        Path bare = Files.writeString(dir.resolve("bare.json"), "[".repeat(10_000) + "]".repeat(10_000));
        for (Path file : List.of(deep, bare)) {
            String line = "xfer: " + file + ": not JSON: invalid JSON: nested deeper than 512 objects and lists";
            XferRun.of("fleet", file.toString()).assertOneLine(ExitCode.USAGE, line);
            XferRun.of("compare", file.toString(), baseline.toString()).assertOneLine(ExitCode.USAGE, line);
            XferRun.of("plot", file.toString(), "-o", dir.resolve("p.html").toString()).assertOneLine(ExitCode.USAGE, line);
        }
    }

    @Test
    void aStringBeyondTheLimitIsExit2NamingItInEveryReader() throws IOException {
        Path file = Files.writeString(dir.resolve("long.json"),
                "{\"schemaVersion\": 1, \"command\": \"smoke\", \"x\": \"" + "a".repeat(20_000_001) + "\"}");
        String line = "xfer: " + file + ": not JSON: invalid JSON: a string 20000001 characters long; at most 20000000 are read";
        XferRun.of("fleet", file.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", file.toString(), baseline.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("plot", file.toString(), "-o", dir.resolve("p.html").toString()).assertOneLine(ExitCode.USAGE, line);
    }

    /** A bad type is exit 2 wherever it is, also where the rows it would hold are absent (it is not NO RESULT). */
    @Test
    void runsOrDevicesOfTheWrongTypeAreExit2() throws IOException {
        Path runs = Files.writeString(dir.resolve("runs.json"), "{\"schemaVersion\": 1, \"command\": \"bandwidth\", \"runs\": \"x\"}");
        XferRun.of("fleet", runs.toString()).assertOneLine(ExitCode.USAGE, "xfer: " + runs + ": runs: expected a list, got text \"x\"");
        Path devices = Files.writeString(dir.resolve("devices.json"), "{\"schemaVersion\": 1, \"command\": \"smoke\", \"devices\": 7}");
        XferRun.of("fleet", devices.toString()).assertOneLine(ExitCode.USAGE,
                "xfer: " + devices + ": devices: expected a list, got the number 7");
    }

    @SuppressWarnings("unchecked")
    private static void rate(Map<String, Object> doc, double median) {
        Map<String, Object> gbps = (Map<String, Object>) firstRow(doc).get("gbps");
        gbps.put("median", median);
        gbps.put("min", median);
    }

    /** A verified copy moved its bytes in a finite time: a rate of 0 beside verified: true is refused. */
    @Test
    void aZeroRateBesideVerifiedIsExit2() throws IOException {
        Path zero = smoke("zero.json", d -> rate(d, 0));
        String line = "xfer: " + zero + ": devices[0].results[0].gbps.median: expected a rate above 0 beside verified: true, got the number 0";
        XferRun.of("fleet", zero.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", baseline.toString(), zero.toString()).assertOneLine(ExitCode.USAGE, line);
    }

    @SuppressWarnings("unchecked")
    private Path golden(String name, String section, String field, Consumer<Map<String, Object>> change)
            throws IOException {
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(Files.readString(Path.of("src/test/resources/golden", name)));
        Map<String, Object> row = (Map<String, Object>) ((List<Object>) doc.get(section)).getFirst();
        change.accept(field.isEmpty() ? row : (Map<String, Object>) ((List<Object>) row.get(field)).getFirst());
        return Files.writeString(dir.resolve(name), Json.write(doc));
    }

    @SuppressWarnings("unchecked")
    private static void zero(Map<String, Object> row, String field) {
        Map<String, Object> rate = (Map<String, Object>) row.get(field);
        rate.put("median", 0.0);
        rate.put("min", 0.0);
    }

    /**
     * The zero-rate rule holds on every row that says its data were checked: a p2p pair (one way and
     * both ways), a concurrent GPU's share and the concurrent aggregate, a pattern's copy and its
     * aggregate. xfer writes each as bytes over a timed interval, never 0 (issue 41).
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "bandwidth-devices-p2p.json p2p  gbps p2p[0].gbps.median",
            "bandwidth-devices-p2p.json p2p  bidirGbps p2p[0].bidirGbps.median",
            "bandwidth-devices-concurrent.json concurrent gpus gbps concurrent[0].gpus[0].gbps.median",
            "bandwidth-devices-concurrent.json concurrent  aggregateGbps concurrent[0].aggregateGbps.median",
            "bandwidth-devices-patterns.json patterns  gbps patterns[0].gbps.median",
            "bandwidth-devices-patterns.json patterns  aggregateGbps patterns[0].aggregateGbps.median"})
    void aZeroRateBesideVerifiedIsExit2OnEveryVerifiedRow(String change) throws IOException {
        String[] words = change.split(" ", -1);
        Path bad = golden(words[0], words[1], words[2], row -> zero(row, words[3]));
        XferRun fleet = XferRun.of("fleet", bad.toString());
        assertEquals(ExitCode.USAGE, fleet.exitCode(), fleet.out() + fleet.err());
        assertTrue(fleet.err().contains(": " + words[4] + ": expected a rate above 0 beside verified: true, got the number 0"),
                fleet.err());
        XferRun compare = XferRun.of("compare", bad.toString(), bad.toString());
        assertEquals(ExitCode.USAGE, compare.exitCode(), compare.out() + compare.err());
    }

    /** A smoke check that says passed while its own row records wrong data: FAIL, with the reason. */
    @Test
    @SuppressWarnings("unchecked")
    void aSmokeCheckItsRowContradictsFails() throws IOException {
        Path liar = smoke("check-liar.json", d -> {
            Map<String, Object> device = (Map<String, Object>) ((List<Object>) d.get("devices")).getFirst();
            Map<String, Object> sync = (Map<String, Object>) ((List<Object>) device.get("results")).get(5);
            sync.put("wrongTrials", 2L);
        });
        XferRun fleet = XferRun.of("fleet", liar.toString());
        assertEquals(ExitCode.CHECK_FAILED, fleet.exitCode(), fleet.out() + fleet.err());
        assertTrue(fleet.out().contains("smoke check check.d2h-sync says passed, but its figures contradict it:"
                + " its row records 2 wrong trials of a synchronized run, which must have none"), fleet.out());
        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), liar.toString());
        assertEquals(ExitCode.CHECK_FAILED, compare.exitCode(), compare.out() + compare.err());
    }

    /** smoke's link check says passed, but the context's link trained at x8 of x16: FAIL in compare too. */
    @Test
    @SuppressWarnings("unchecked")
    void aLinkCheckTheContextContradictsFails() throws IOException {
        Path narrow = smoke("narrow.json", d -> {
            Map<String, Object> device = (Map<String, Object>) ((List<Object>) d.get("devices")).getFirst();
            Map<String, Object> gpu = (Map<String, Object>) ((Map<String, Object>) device.get("context")).get("device");
            ((Map<String, Object>) gpu.get("linkCurrent")).put("width", 8L);
        });
        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), narrow.toString());
        assertEquals(ExitCode.CHECK_FAILED, compare.exitCode(), compare.out() + compare.err());
        assertTrue(compare.out().contains("smoke check link says passed, but its figures contradict it: the context's"
                + " link trained at x8 of x16, below its maximum width"), compare.out());
    }

    /** 0.001 GB/s is not 87% of a 63 GB/s link, whatever the expectation's line says: FAIL, with the reason. */
    @Test
    void anExpectationItsFiguresContradictFails() throws IOException {
        Path tiny = smoke("tiny.json", d -> rate(d, 0.001));
        XferRun fleet = XferRun.of("fleet", tiny.toString());
        assertEquals(ExitCode.CHECK_FAILED, fleet.exitCode(), fleet.out() + fleet.err());
        assertTrue(fleet.out().contains("expectation pinned.h2d >= 70%link says passed, but its figures contradict it:"
                + " its row's gbps median 0.001 GB/s is 0.001587%link of the 63.02 GB/s link, not the 87.55%link it"
                + " records, and not >= 70%link"), fleet.out());
        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), tiny.toString());
        assertEquals(ExitCode.CHECK_FAILED, compare.exitCode(), compare.out() + compare.err());
        assertTrue(compare.out().contains("says passed, but its figures contradict it"), compare.out());
        // The untouched document passes: the check reads figures, it does not fail everything.
        XferRun same = XferRun.of("fleet", baseline.toString());
        assertEquals(ExitCode.OK, same.exitCode(), same.out());
    }

    /** An expectation whose own measured figure misses its bound, yet says passed: FAIL. */
    @Test
    @SuppressWarnings("unchecked")
    void anExpectationThatMissesItsOwnBoundFails() throws IOException {
        Path liar = smoke("liar.json", d -> {
            Map<String, Object> device = (Map<String, Object>) ((List<Object>) d.get("devices")).getFirst();
            Map<String, Object> e = (Map<String, Object>) ((List<Object>) device.get("expectations")).get(2);
            e.put("measured", 0.5);
        });
        XferRun fleet = XferRun.of("fleet", liar.toString());
        assertEquals(ExitCode.CHECK_FAILED, fleet.exitCode(), fleet.out() + fleet.err());
        assertTrue(fleet.out().contains("expectation overlap.v1.speedup > 1x says passed, but its figures contradict it:"
                + " it records measured 0.5x against 1x, which is not > 1x"), fleet.out());
    }

    /** One GPU UUID is one GPU, one model: two models for it is exit 2, in fleet and across compare's sides. */
    @Test
    @SuppressWarnings("unchecked")
    void oneUuidWithTwoModelsIsExit2() throws IOException {
        Path other = smoke("a100.json", d -> {
            Map<String, Object> device = (Map<String, Object>) ((List<Object>) d.get("devices")).getFirst();
            Map<String, Object> context = (Map<String, Object>) device.get("context");
            ((Map<String, Object>) context.get("device")).put("name", "NVIDIA A100-SXM4-80GB");
        });
        String line = "xfer: " + other + ": GPU GPU-ea5fe6f0-bb89-255c-14ac-36253a2429df is a NVIDIA A100-SXM4-80GB here"
                + " but a NVIDIA H200 in " + baseline + ": one GPU is one model, so one of the documents is wrong";
        XferRun.of("fleet", baseline.toString(), other.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("fleet", "--skip-bad", baseline.toString(), other.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", baseline.toString(), other.toString()).assertOneLine(ExitCode.USAGE, line);
    }
}
