package dev.xfer.app.fleet;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fleet's and compare's documents are records: what xfer writes binds back to equal records, and a
 * field of the wrong kind is one error naming its path.
 */
class FleetCompareDocumentBindingTest {
    private final RecordBinder binder = new RecordBinder();

    private static String golden(String name) throws IOException {
        try (InputStream in = FleetCompareDocumentBindingTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Four H200s of distinct speeds (no GPU exactly at the median, so no z of -0.0) and a node without a usable GPU. */
    private static FleetAnalysis.FleetFindings fleet() {
        List<GpuRun> runs = new ArrayList<>(FleetFixtures.runs(List.of(
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 0, 52.0),
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 1, 53.0),
                new FleetFixtures.Gpu("node-b", "NVIDIA H200", 0, 31.0, 51.0, 16),
                new FleetFixtures.Gpu("node-b", "NVIDIA H200", 1, 52.5))));
        runs.add(GpuRun.unusable(java.nio.file.Path.of("node-c.json"), "smoke", "node-c", java.util.Optional.of("nightly"),
                "2025-06-01T12:34:56Z", "CUDA is not usable here: cudaErrorNoDevice"));
        return new FleetAnalysis(FleetRule.standard(), FleetFixtures.FLOORS).analyse(runs);
    }

    @Test
    void aWrittenFleetDocumentBindsBackToEqualRecords() {
        FleetAnalysis.FleetFindings report = fleet();
        FleetDocument written = FleetDocument.of(report);
        FleetDocument read = binder.read(FleetText.json(report), FleetDocument.class);
        assertEquals(written, read);
        assertFalse(read.passed(), "node-b's slow GPU and node-c's missing one fail the fleet");
        assertTrue(read.groups().getFirst().results().getFirst().gpus().size() == 4);
    }

    @Test
    void aWrittenCompareDocumentBindsBackToEqualRecords() {
        var baseline = FleetFixtures.judged(List.of(
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 0, 52.0),
                new FleetFixtures.Gpu("node-a", "NVIDIA H200", 1, 53.0)));
        var current = FleetFixtures.judged(List.of(new FleetFixtures.Gpu("node-a", "NVIDIA H200", 0, 41.6, 52.0, 16)));
        CompareAnalysis.CompareFindings report = new CompareAnalysis(FleetFixtures.FLOORS, 0.05, false).compare(baseline, current);
        CompareDocument read = binder.read(CompareText.json(report, 0.05), CompareDocument.class);
        assertEquals(CompareDocument.of(report, 0.05), read);
        assertTrue(read.results().stream().anyMatch(CompareDocument.Row::failed), "the 20% slower H2D is a regression");
    }

    /** The golden documents, written again from their records, are the same bytes (but -0.0, which a decimal cannot keep). */
    @Test
    void theGoldenDocumentsAreWrittenAgainByteForByte() throws IOException {
        String fleet = golden("fleet.json");
        assertEquals(fleet, Json.write(binder.read(fleet, FleetDocument.class)));
        String compare = golden("compare.json");
        assertEquals(compare, Json.write(binder.read(compare, CompareDocument.class)));
    }

    @Test
    void aMalformedFieldIsNamedByItsPath() throws IOException {
        String nullMedian = golden("fleet.json").replaceFirst("\"median\": [0-9.]+", "\"median\": null");
        BindingException e = assertThrows(BindingException.class, () -> binder.read(nullMedian, FleetDocument.class));
        assertEquals("groups[0].results[0].median: expected a number, got null", e.getMessage());

        String textFailed = golden("compare.json").replaceFirst("\"failed\": true", "\"failed\": \"true\"");
        e = assertThrows(BindingException.class, () -> binder.read(textFailed, CompareDocument.class));
        assertTrue(e.getMessage().startsWith("results[0].failed: expected true or false"), e.getMessage());

        String badVerdict = golden("compare.json").replaceFirst("\"verdict\": \"regression\"", "\"verdict\": \"worse\"");
        e = assertThrows(BindingException.class, () -> binder.read(badVerdict, CompareDocument.class));
        assertTrue(e.getMessage().startsWith("results[0].verdict: "), e.getMessage());

        e = assertThrows(BindingException.class, () -> binder.read(golden("fleet.json"), CompareDocument.class));
        assertTrue(e.getMessage().startsWith("command: ") || e.getMessage().startsWith("failOnRegression: "), e.getMessage());
    }

    /** Fields the schema leaves out of older documents are optional; those it requires are not. */
    @Test
    void olderDocumentsWithoutTheLaterFieldsStillBind() throws IOException {
        String older = golden("compare.json").replaceAll("(?m)^\\s*\"(noiseKind|failable|basis|p)\": [^,\\n]*,?\\n", "");
        CompareDocument read = binder.read(older, CompareDocument.class);
        assertTrue(read.results().getFirst().noiseKind().isEmpty());
        String noHost = golden("compare.json").replaceFirst("(?m)^\\s*\"host\": [^\\n]*\\n", "");
        BindingException e = assertThrows(BindingException.class, () -> binder.read(noHost, CompareDocument.class));
        assertEquals("results[0].host: expected text, got nothing", e.getMessage());
    }
}
