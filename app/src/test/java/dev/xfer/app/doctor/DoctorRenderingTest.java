package dev.xfer.app.doctor;

import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every finding renders in text, JSON (valid against the schema) and JUnit. */
class DoctorRenderingTest {

    /** The document as written, parsed back. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> document(DoctorReport report) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(DoctorDocument.of(1, "0.1.0-test", report)));
    }

    @Test
    void textRanksFindingsAndShowsEvidenceCostAndRemedy() {
        String text = DoctorText.render(DoctorFixtures.degraded());
        List<String> lines = text.lines().toList();
        assertEquals("CUDA driver 13.0, runtime 13.0 (/usr/local/cuda/lib64/libcudart.so.13)", lines.get(0));
        assertEquals("GPU0 0000:01:00.0  NVIDIA H100 80GB HBM3  link unknown  probe 1.2 s", lines.get(1));
        int link = text.indexOf(" 1. high   GPU0 0000:01:00.0  PCIe link below its maximum: the link trained x8");
        int payload = text.indexOf(" 2. medium");
        assertTrue(link > 0 && payload > link, text);
        assertTrue(text.substring(payload).startsWith(" 2. medium GPU0 0000:01:00.0  PCIe MaxPayload"), text);
        assertTrue(text.indexOf(" 3. medium GPU0 0000:01:00.0  IOMMU translating DMA") > payload, text);
        assertTrue(text.contains(" 4. note   "), text);
        assertTrue(text.contains("           costs 31.5 GB/s (theoretical)\n"), text);
        assertTrue(text.contains("           evidence: GPU MaxPayload 128 B (/sys/bus/pci/devices/0000:01:00.0/config"
                + " Device Control 0x68 bits 7:5)\n"), text);
        assertTrue(text.contains("           remedy: boot with iommu=pt\n"), text);
        assertTrue(text.contains("\nchecked, nothing lost:\n  host  transparent-huge-pages: transparent huge"
                + " pages: madvise\n"), text);
        assertTrue(text.contains("\nunknown (not judged):\n  host  cpu-governor: unknown: no CPU"),
                text);
        assertEquals("doctor: 3 findings cost bandwidth, 1 note, 1 check clear, 1 unknown", lines.getLast());
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyCauseRendersInEveryFormat() throws Exception {
        DoctorReport report = DoctorFixtures.everyCause();
        String text = DoctorText.render(report);
        Map<String, Object> doc = document(report);
        SchemaContract.requireValid(JsonMaps.parse(Json.write(doc)), "doctor --json, every cause");
        List<Map<String, Object>> findings = (List<Map<String, Object>>) doc.get("findings");
        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(
                JUnitXml.render(DoctorJUnit.suite(report, Instant.EPOCH, "host")).getBytes(StandardCharsets.UTF_8)));
        var cases = junit.getElementsByTagName("testcase");
        for (Cause cause : Cause.values()) {
            assertTrue(text.contains(cause.title() + ": " + cause.id() + " summary\n"), cause + "\n" + text);
            assertTrue(text.contains("remedy: " + cause.id() + " remedy\n"), cause.toString());
            assertEquals(1, findings.stream().filter(f -> f.get("cause").equals(cause.id())).count(), cause.id());
            boolean inJUnit = false;
            for (int i = 0; i < cases.getLength(); i++) {
                inJUnit |= ((Element) cases.item(i)).getAttribute("name").equals(cause.id());
            }
            assertTrue(inJUnit, cause.id());
        }
        long costly = report.findings().stream().filter(f -> f.severity().costsBandwidth()).count();
        assertEquals(costly, junit.getElementsByTagName("failure").getLength());
        assertEquals(true, doc.get("costsBandwidth"));
        for (int rank = 1; rank <= findings.size(); rank++) {
            assertEquals(rank, ((Number) findings.get(rank - 1).get("rank")).intValue());
        }
    }

    /** The two measured causes, as their decisions make them from fixture figures. */
    static DoctorReport hostReadsAndFirstCalls() {
        Scope gpu = Scope.gpu(0, "0000:01:00.0");
        return new DoctorReport(DoctorFixtures.cuda(), List.of(), List.of(
                ProbeChecks.writeCombinedRead(gpu, Reading.known(new HostReads(0.4, 19.8),
                        "doctor's probe: libc memcpy of 16 MiB from the buffer into pageable memory by the host,"
                                + " median of 5 after 1, the two buffers in turns, wall time")),
                NvmlChecks.persistence(gpu, 0, Reading.known(false, "nvmlDeviceGetPersistenceMode"),
                        Optional.of(new FirstCalls(1.71, OptionalDouble.of(0.22))))));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theMeasuredCausesRenderTheirFiguresAndTimeCostInEveryFormat() throws Exception {
        DoctorReport report = hostReadsAndFirstCalls();
        String text = DoctorText.render(report);
        assertTrue(text.contains(" 1. low    GPU0 0000:01:00.0  persistence mode off: the first CUDA calls took"
                + " 1.93 s"), text);
        assertTrue(text.contains("           costs 1.93 s at each process's first CUDA calls (measured)\n"), text);
        assertTrue(text.contains(" 2. note   GPU0 0000:01:00.0  write-combined memory read by the host: host reads of"
                + " write-combined memory ran at 0.4 GB/s, 2% of cached pinned (19.8 GB/s)\n"), text);
        assertTrue(text.contains("evidence: GPU0's context creation 0.22 s (wall time of cudaSetDevice(0)"), text);
        Map<String, Object> doc = document(report);
        SchemaContract.requireValid(JsonMaps.parse(Json.write(doc)), "doctor --json, measured causes");
        List<Map<String, Object>> findings = (List<Map<String, Object>>) doc.get("findings");
        Map<String, Object> timeCost = (Map<String, Object>) findings.getFirst().get("timeCost");
        assertEquals(1.93, ((Number) timeCost.get("seconds")).doubleValue(), 1e-9);
        assertEquals("measured", timeCost.get("basis"));
        assertEquals(null, findings.get(1).get("timeCost"));
        assertEquals(null, findings.get(1).get("cost"));
        String xml = JUnitXml.render(DoctorJUnit.suite(report, Instant.EPOCH, "host"));
        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        // Persistence off is low (it fails); the write-combined note passes with its text.
        assertEquals(1, junit.getElementsByTagName("failure").getLength(), xml);
        assertTrue(xml.contains("name=\"persistence-mode\"") && xml.contains("name=\"write-combined-read\""), xml);
        assertTrue(xml.contains("2% of cached pinned"), xml);
    }

    @Test
    void unknownIsSkippedInJUnitAndNeverAFinding() throws Exception {
        DoctorReport report = DoctorFixtures.degraded();
        String xml = JUnitXml.render(DoctorJUnit.suite(report, Instant.EPOCH, "host"));
        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, junit.getElementsByTagName("skipped").getLength(), xml);
        assertTrue(((Element) junit.getElementsByTagName("skipped").item(0)).getAttribute("message")
                .startsWith("unknown: no CPU has a readable"), xml);
        assertEquals(3, junit.getElementsByTagName("failure").getLength(), xml);
        Map<String, Object> doc = document(report);
        SchemaContract.requireValid(JsonMaps.parse(Json.write(doc)), "doctor --json");
        assertEquals(4, ((List<?>) doc.get("findings")).size());
        assertEquals(1, ((List<?>) doc.get("unknown")).size());
    }

    @Test
    void whatWasReadCannotForgeALine() {
        DoctorReport report = new DoctorReport(DoctorFixtures.degraded().cuda(), DoctorFixtures.degraded().gpus(),
                List.of(HostChecks.transparentHugePages(Reading.known("x\nFORGED LINE\u001b[2J",
                        "/sys/kernel/mm/transparent_hugepage/enabled"))));
        String text = DoctorText.render(report);
        assertTrue(text.lines().noneMatch(l -> l.startsWith("FORGED")), text);
        assertTrue(text.chars().noneMatch(c -> c == 0x1b), text);
    }
}
