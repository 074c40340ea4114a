package dev.xfer.app.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each malformed field that once passed both gates (fleet PASS, compare exit 0 with
 * {@code --fail-on-regression 5%}) is now bad input to each: exit 2 and one line naming the file
 * and the field. Each case is a real H200 document with one field changed.
 */
class MalformedDocumentTest {
    private static final Path BANDWIDTH = Path.of("src/test/resources/h200/bandwidth.json");
    private static final Path P2P = Path.of("src/test/resources/golden/bandwidth-devices-p2p.json");
    private static final Path SMOKE = Path.of("src/test/resources/noise/h200-2026-11-23/smoke-1.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A number no Java double holds, written into the text as it is. */
    private static final String RAW = "\"raw number 1e400\"";

    @TempDir
    Path dir;

    private static Arguments bad(String name, Path fixture, Consumer<ObjectNode> change, String line) {
        return Arguments.of(name, fixture, change, line);
    }

    private static ObjectNode firstResult(ObjectNode doc) {
        return (ObjectNode) doc.withArray("results").get(0);
    }

    private static ObjectNode firstPeerRow(ObjectNode doc) {
        return (ObjectNode) doc.withArray("p2p").get(0);
    }

    private static ObjectNode firstDevice(ObjectNode doc) {
        return (ObjectNode) doc.withArray("devices").get(0);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                bad("a null median", BANDWIDTH, d -> ((ObjectNode) firstResult(d).get("gbps")).putNull("median"),
                        "results[0].gbps.median: expected a number, got null"),
                bad("a median that is Infinity in bytes per second", BANDWIDTH,
                        d -> ((ObjectNode) firstResult(d).get("gbps")).put("median", 1e300),
                        "results[0].gbps.median: expected a finite number up to 1.0E91 GB/s, got the number 1E+300"),
                bad("a median beyond a double", BANDWIDTH,
                        d -> ((ObjectNode) firstResult(d).get("microseconds")).put("median", "raw number 1e400"),
                        "results[0].microseconds.median: expected a finite number, got the number 1E+400"),
                bad("a summary without its median", BANDWIDTH, d -> ((ObjectNode) firstResult(d).get("gbps")).remove("median"),
                        "results[0].gbps.median: expected a number, got nothing"),
                bad("complete as text", BANDWIDTH, d -> d.put("complete", "false"),
                        "complete: expected true or false, got text \"false\""),
                bad("failures as text", BANDWIDTH, d -> d.put("failures", "boom"),
                        "failures: expected a list, got text \"boom\""),
                bad("verified null beside a figure", BANDWIDTH, d -> firstResult(d).putNull("verified"),
                        "results[0].verified: expected true or false, got null"),
                bad("a bandwidth row without verified", BANDWIDTH, d -> firstResult(d).remove("verified"),
                        "results[0].verified: expected true or false, got nothing"),
                bad("an expectation's passed as text", BANDWIDTH, d -> d.putArray("expectations").addObject()
                                .put("expectation", "pinned.h2d >= 1").put("passed", "yes").put("line", "PASS"),
                        "expectations[0].passed: expected true or false, got text \"yes\""),
                bad("an unknown schemaVersion", BANDWIDTH, d -> d.put("schemaVersion", 2),
                        "schemaVersion 2 is newer than this xfer reads (1): use a newer xfer"),
                bad("passed as text", SMOKE, d -> d.put("passed", "yes"),
                        "passed: expected true or false, got text \"yes\""),
                bad("a GPU's passed as text", SMOKE, d -> firstDevice(d).put("passed", "yes"),
                        "devices[0].passed: expected true or false, got text \"yes\""),
                bad("a smoke device without its checks (once NO RESULT; the schema requires them)", SMOKE,
                        d -> firstDevice(d).remove("checks"),
                        "devices[0].checks: expected a list, got nothing"),
                // A several-device document whose rows are all across devices (its devices' results empty):
                // once read as holding no rows, so a bad row was NO RESULT rather than a bad document.
                bad("a waiver without its reason", BANDWIDTH, d -> d.putArray("waived").addObject()
                                .put("configuration", "p2p 16777216 B"),
                        "waived[0].reason: expected text, got nothing"),
                bad("waived as text", BANDWIDTH, d -> d.put("waived", "p2p"),
                        "waived: expected a list, got text \"p2p\""),
                bad("a p2p row's verified as text", P2P, d -> firstPeerRow(d).put("verified", "yes"),
                        "p2p[0].verified: expected true or false, got text \"yes\""),
                bad("a p2p row's null median", P2P, d -> ((ObjectNode) firstPeerRow(d).get("gbps")).putNull("median"),
                        "p2p[0].gbps.median: expected a number, got null"),
                bad("a host memory node's count beyond an int (the map's key named)", BANDWIDTH,
                        d -> firstResult(d).putObject("hostMemoryNodes").put("0", new java.math.BigInteger("99999999999999999999")),
                        "results[0].hostMemoryNodes.0: expected a whole number from -2147483648 to 2147483647, got the number 99999999999999999999"),
                bad("a host memory node's null count (the map's value type named)", BANDWIDTH,
                        d -> firstResult(d).putObject("hostMemoryNodes").putNull("0"),
                        "results[0].hostMemoryNodes.0: expected a whole number, got null"),
                bad("a smoke check without passed", SMOKE,
                        d -> ((ObjectNode) firstDevice(d).withArray("checks").get(0)).remove("passed"),
                        "devices[0].checks[0].passed: expected true or false, got nothing"));
    }

    private Path write(String name, Path fixture, String host, Consumer<ObjectNode> change) throws IOException {
        ObjectNode doc = (ObjectNode) JSON.readTree(fixture.toFile());
        if (doc.get("context") instanceof ObjectNode context) {
            context.put("host", host);
        }
        if (doc.get("devices") instanceof ArrayNode devices) {
            for (JsonNode device : devices) {
                ((ObjectNode) device.get("context")).put("host", host);
            }
        }
        change.accept(doc);
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc).replace(RAW, "1e400"));
        return file;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachGateRefusesItWithOneLineNamingTheFieldAndExitsTwo(String name, Path fixture, Consumer<ObjectNode> change,
                                                               String line) throws IOException {
        Path good = write("docs/n1.json", fixture, "n1", d -> { });
        write("docs/n2.json", fixture, "n2", d -> { });
        Path bad = write("docs/node01.json", fixture, "node01", change);
        String expected = "xfer: " + bad + ": " + line;

        XferRun fleet = XferRun.of("fleet", dir.resolve("docs").toString());
        fleet.assertOneLine(2, expected);
        assertEquals(expected, fleet.err().strip());

        XferRun compare = XferRun.of("compare", "--fail-on-regression", "5%", good.toString(), bad.toString());
        compare.assertOneLine(2, expected);
        assertEquals(expected, compare.err().strip());

        XferRun plot = XferRun.of("plot", "--output", dir.resolve("report.html").toString(), bad.toString());
        assertEquals(2, plot.exitCode(), plot.err());
        assertEquals(1, plot.errLines().length, plot.err());
    }
}
