package dev.xfer.app.docs;

import dev.xfer.app.evidence.ClockEvents;
import dev.xfer.app.evidence.ComputeProcess;
import dev.xfer.app.evidence.DisturbanceRules;
import dev.xfer.app.evidence.EvidenceRecorder;
import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.LinkSample;
import dev.xfer.app.evidence.LinkState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.evidence.RecordedProbe;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.GpuRun;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.result.Disturbance;
import dev.xfer.app.result.DocumentException;
import dev.xfer.app.result.GpuResults;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A GPU's disturbances, as the recorder finds them, through every format: the JSON document
 * (valid against the schema, read back into the same records), OpenMetrics and JUnit.
 */
class DisturbancesRoundTripTest {
    private static final long OWN = 42;
    private static final long MS = 1_000_000L;

    /** A GPU with a foreign process and 41.2 GB/s of foreign rx while xfer was idle, and an sw_power_cap in its phase. */
    private static GpuEvidence evidence() {
        GpuSnapshot quiet = snapshot(0, ClockEvents.GPU_IDLE);
        GpuSnapshot capped = snapshot(10, 0x4);
        RecordedProbe probe = new RecordedProbe(List.of(quiet, quiet, capped, quiet), List.of(
                Reading.of(LinkSample.bytes(0, 0, 0)), Reading.of(LinkSample.bytes(5 * MS, 0, 0)),
                Reading.of(LinkSample.bytes(10 * MS, 0, 0)), Reading.of(LinkSample.bytes(310 * MS, 12_360_000_000L, 0))));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, true, false)) {
            recorder.phaseStarted("pinned h2d 64MiB");
            recorder.phaseEnded();
            recorder.sample();
            return recorder.finish(new DisturbanceRules());
        }
    }

    private static GpuSnapshot snapshot(long ms, long clockEvents) {
        return new GpuSnapshot(Instant.EPOCH.plusMillis(ms), ms * MS, Reading.of(true), Reading.of(1755),
                Reading.of(3201), Reading.of(new ClockEvents(clockEvents)), Reading.of(new LinkState(5, 16)),
                Reading.of(0L), Reading.of(List.of(new ComputeProcess(OWN, Optional.of("java")),
                new ComputeProcess(4711, Optional.of("python")))), Optional.empty());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> document(GpuEvidence evidence) {
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("app/src/test/resources/golden/bandwidth.json")));
        ((Map<String, Object>) doc.get("context")).put("evidence", evidence.toJson());
        doc.put("disturbances", evidence.disturbances());
        return (Map<String, Object>) JsonMaps.parse(Json.write(doc));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDocumentIsValidAndReadsBackIntoTheSameRecords() {
        GpuEvidence evidence = evidence();
        assertEquals(List.of(Disturbance.Kind.FOREIGN_LINK_TRAFFIC, Disturbance.Kind.FOREIGN_PROCESS,
                Disturbance.Kind.THROTTLE), evidence.disturbances().stream().map(Disturbance::kind).toList());
        Map<String, Object> doc = document(evidence);
        SchemaValidator validator = new SchemaValidator((Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("docs/schema/xfer-1.schema.json"))));
        assertEquals(List.of(), validator.validate(doc));

        GpuResults read = new DocumentReader().results(Path.of("run.json"), doc).getFirst();
        // The same records, evidence and all.
        assertEquals(evidence.disturbances(), read.disturbances());
        assertEquals(Optional.of("python"), ((Disturbance.ForeignProcess) read.disturbances().get(1)).evidence().name());
        assertEquals("foreign PCIe rx 41.2 GB/s while xfer was idle on GPU 0", read.disturbances().getFirst().detail());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBrokenDisturbanceIsRefusedByTheSchemaAndTheReader() {
        Map<String, Object> doc = document(evidence());
        ((Map<String, Object>) ((List<Object>) doc.get("disturbances")).getFirst()).put("kind", "gremlins");
        SchemaValidator validator = new SchemaValidator((Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("docs/schema/xfer-1.schema.json"))));
        assertTrue(!validator.validate(doc).isEmpty());
        dev.xfer.app.fleet.BadDocumentException e = assertThrows(dev.xfer.app.fleet.BadDocumentException.class,
                () -> new DocumentReader().results(Path.of("run.json"), doc));
        assertTrue(e.getMessage().contains("disturbances[0].kind"), e.getMessage());
    }

    @Test
    @SuppressWarnings("unchecked")
    void evidenceOfTheWrongShapeIsRefusedByTheSchemaAndTheReaderNamingTheField() {
        Map<String, Object> doc = document(evidence());
        Map<String, Object> process = (Map<String, Object>) ((List<Object>) doc.get("disturbances")).get(1);
        ((Map<String, Object>) process.get("evidence")).put("pid", "4711");
        SchemaValidator validator = new SchemaValidator((Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("docs/schema/xfer-1.schema.json"))));
        assertTrue(!validator.validate(doc).isEmpty());
        dev.xfer.app.fleet.BadDocumentException e = assertThrows(dev.xfer.app.fleet.BadDocumentException.class,
                () -> new DocumentReader().results(Path.of("run.json"), doc));
        assertEquals("run.json: disturbances[1].evidence.pid: expected a whole number, got text \"4711\"",
                e.getMessage());
        ((Map<String, Object>) process.get("evidence")).remove("pid");
        assertTrue(!validator.validate(doc).isEmpty());
        assertEquals("run.json: disturbances[1].evidence.pid: expected a whole number, got nothing",
                assertThrows(dev.xfer.app.fleet.BadDocumentException.class, () -> new DocumentReader().results(Path.of("run.json"), doc))
                        .getMessage());
    }

    @Test
    void aDocumentWithoutEvidenceReadsAsUndisturbed() {
        Object doc = JsonMaps.parse(RepositoryFiles.read(RepositoryFiles.root().resolve("app/src/test/resources/golden/bandwidth.json")));
        assertEquals(List.of(), new DocumentReader().results(Path.of("old.json"), doc).getFirst().disturbances());
    }

    @Test
    void openMetricsHasOneDisturbedSamplePerKind() {
        List<GpuRun> runs = new DocumentReader().runs(Path.of("run.json"), document(evidence()));
        String text = OpenMetrics.render((runs).stream().map(dev.xfer.app.fleet.GpuRun::results).toList());
        assertTrue(text.contains("# TYPE xfer_disturbed gauge\n"), text);
        for (String kind : List.of("foreign-link-traffic", "foreign-process", "throttle")) {
            assertEquals(1, text.lines().filter(l -> l.startsWith("xfer_disturbed{") && l.contains(",kind=\"" + kind + "\"}")
                    && l.endsWith(" 1")).count(), kind + " in\n" + text);
        }
        assertTrue(text.endsWith("# EOF\n"));
        String quiet = OpenMetrics.render((new DocumentReader().runs(Path.of("old.json"), JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("app/src/test/resources/golden/bandwidth.json"))))).stream().map(dev.xfer.app.fleet.GpuRun::results).toList());
        assertTrue(!quiet.contains("xfer_disturbed"), quiet);
    }

    @Test
    void junitHasASkippedCasePerDisturbanceNamedByKind() throws Exception {
        GpuEvidence evidence = evidence();
        JUnitXml.TestSuite suite = RunJUnit.disturbances(0, ResultsFixtures.context(), evidence.disturbances()).orElseThrow();
        String xml = JUnitXml.render(suite);
        var dom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        NodeList cases = dom.getElementsByTagName("testcase");
        assertEquals(3, cases.getLength());
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            Disturbance d = evidence.disturbances().get(i);
            assertEquals(d.kind().label(), c.getAttribute("name"));
            assertEquals("disturbed: " + d.detail(),
                    ((Element) c.getElementsByTagName("skipped").item(0)).getAttribute("message"));
        }
        assertTrue(RunJUnit.disturbances(0, ResultsFixtures.context(), List.of()).isEmpty());
    }
}
