package dev.xfer.app.fleet;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.Json;
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
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(SMOKE));
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
            case "direction" -> "h2d, d2h, d2d, bidir-h2d or bidir-d2h";
            default -> "staged or kernel";
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
}
