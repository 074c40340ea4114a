package dev.xfer.app.fleet;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.Json;
import dev.xfer.app.smoke.SmokeDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every format {@code xfer fleet} writes (JSON, CSV, JUnit XML, OpenMetrics), from the real command
 * over real H200 documents and their troubled copies, byte for byte against golden files. The goldens
 * were written by the renderers that built each output whole in memory, before they were made to
 * stream, so a difference here is a change of output, not of how it is produced.
 *
 * <p>The fleet: two overlap runs and a batch run of one H200 (one node), a quick smoke run, a copy
 * of the first overlap run under a second name (the same GPU twice: OpenMetrics keeps one sample),
 * one relabelled with text that needs escaping in every format, one marked incomplete (NO RESULT),
 * a node without a usable GPU (FAIL) and an unreadable file (skipped with {@code --skip-bad}).
 */
class FleetFormatsGoldenTest {
    @TempDir
    Path dir;

    private Path docs;

    private static String resource(String name) throws IOException {
        try (InputStream in = FleetFormatsGoldenTest.class.getResourceAsStream("/noise/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @BeforeEach
    void fleet() throws IOException {
        docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("overlap-1.json"), resource("h200-2026-11-23/overlap-1.json"));
        Files.writeString(docs.resolve("overlap-2.json"), resource("h200-2026-11-23/overlap-2.json"));
        Files.writeString(docs.resolve("batch-1.json"), resource("h200-2026-11-23/batch-1.json"));
        Files.writeString(docs.resolve("quick-1.json"), resource("h200-2026-11-23-quick/smoke-1.json"));
        Files.writeString(docs.resolve("overlap-1-again.json"), resource("h200-2026-11-23/overlap-1.json"));
        Files.writeString(docs.resolve("hostile.json"), resource("h200-2026-11-23/overlap-3.json")
                .replace("\"host\": \"vm\"", "\"host\": \"node,\\\"x\\\" <b>&amp;\\n\\u202e\"")
                .replace("\"label\": \"quiet-3\"", "\"label\": \"a\\\\b,c\\\"d\\r\\n]]>\""));
        Files.writeString(docs.resolve("incomplete.json"), resource("h200-2026-11-23/overlap-4.json")
                .replace("\"host\": \"vm\"", "\"host\": \"vm-stopped\"")
                .replace("\"schemaVersion\": 1,", "\"schemaVersion\": 1,\n  \"complete\": false,"));
        Files.writeString(docs.resolve("unusable.json"), Json.write(SmokeDocument.unusable("0.1.0-test", "node-c",
                Optional.of("nightly"), java.time.Instant.parse("2025-06-01T12:34:56Z"), "CUDA is not usable here: cudaErrorNoDevice")));
        Files.writeString(docs.resolve("unreadable.json"), "{\"schemaVersion\": 1, \"command\": ");
    }

    /** The temporary folder and the time of the run, the two things that differ between runs, made fixed. */
    private String fixed(String output) {
        return output.replace(dir.toString(), "DIR")
                .replaceAll("timestamp=\"[0-9T:-]+\"", "timestamp=\"2026-11-23T00:00:00\"");
    }

    private void assertGolden(String name, String actual) throws IOException {
        GoldenFile.assertMatches(name, fixed(actual), "xfer fleet's " + name + " changed: if on purpose, rewrite it "
                + "(-Dxfer.updateGolden=true) and review the diff");
    }

    @Test
    void jsonJUnitAndOpenMetrics() throws IOException {
        Path junit = dir.resolve("out/fleet.xml");
        Path prom = dir.resolve("out/fleet.prom");
        Files.createDirectories(junit.getParent());
        XferRun run = XferRun.of("fleet", "--json", "--skip-bad", "--junit", junit.toString(), "--openmetrics", prom.toString(),
                docs.toString());
        assertEquals(1, run.exitCode(), run.err());
        assertGolden("fleet-formats.json", run.out());
        assertGolden("fleet-formats.xml", Files.readString(junit));
        assertGolden("fleet-formats.prom", Files.readString(prom));
    }

    @Test
    void csv() throws IOException {
        XferRun run = XferRun.of("fleet", "--csv", "--skip-bad", docs.toString());
        assertEquals(1, run.exitCode(), run.err());
        assertGolden("fleet-formats.csv", run.out());
    }

    @Test
    void text() throws IOException {
        XferRun run = XferRun.of("fleet", "--all-rows", "--skip-bad", docs.toString());
        assertEquals(1, run.exitCode(), run.err());
        assertGolden("fleet-formats.txt", run.out());
    }
}
