package dev.xfer.app.evidence;

import dev.xfer.app.GoldenFile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.result.Disturbance;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A GPU's evidence and every kind of disturbance as the document carries them, byte for byte:
 * golden/evidence.json was written by the map-building code these records replaced.
 */
class EvidenceDocumentGoldenTest {
    private static final long OWN = 42;
    private static final long MS = 1_000_000L;

    private static GpuSnapshot snapshot(long ms, Reading<Integer> smClock, long clockEvents, LinkState link, long replays,
                                        List<ComputeProcess> processes, Optional<MemoryHealth> health) {
        return new GpuSnapshot(Instant.EPOCH.plusMillis(ms), ms * MS, Reading.of(ms == 0), smClock, Reading.of(3201),
                Reading.of(new ClockEvents(clockEvents)), Reading.of(link), Reading.of(replays), Reading.of(processes),
                health);
    }

    /** Foreign traffic, a foreign process without a readable name, a power cap with the SM clock unknown, a retrained link, replays. */
    static GpuEvidence evidence() {
        ComputeProcess own = new ComputeProcess(OWN, Optional.of("java \"xfer\""));
        MemoryHealth health = new MemoryHealth(Reading.of(0L), Reading.of(2L), Reading.unknown("not supported"),
                Reading.of(false), Reading.of(true));
        GpuSnapshot start = snapshot(0, Reading.of(1980), ClockEvents.GPU_IDLE, new LinkState(5, 16), 7, List.of(own),
                Optional.of(health));
        GpuSnapshot phaseStart = snapshot(5, Reading.of(1980), ClockEvents.GPU_IDLE, new LinkState(5, 16), 7,
                List.of(own), Optional.empty());
        GpuSnapshot phaseEnd = snapshot(10, Reading.unknown("no permission"), 0x4 | 0x400, new LinkState(4, 8), 10,
                List.of(own, new ComputeProcess(4711, Optional.empty())), Optional.empty());
        GpuSnapshot end = GpuSnapshot.unknown(Instant.EPOCH.plusMillis(400), 400 * MS, "GPU is lost");
        RecordedProbe probe = new RecordedProbe(List.of(start, phaseStart, phaseEnd, end), List.of(
                Reading.of(LinkSample.bytes(0, 0, 0)), Reading.of(LinkSample.bytes(5 * MS, 0, 0)),
                Reading.of(LinkSample.bytes(10 * MS, 0, 0)), Reading.of(LinkSample.bytes(310 * MS, 12_360_000_000L, 0))),
                // As NVML reads an H200 outside a confidential VM.
                Reading.of(ConfidentialComputingState.off()));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, true, false)) {
            recorder.phaseStarted("pinned h2d 64MiB");
            recorder.phaseEnded();
            recorder.sample();
            return recorder.finish(new DisturbanceRules());
        }
    }

    /** golden/bandwidth.json, labelled {@code nightly-disturbed}, with {@code e}'s evidence in its context and its disturbances on it. */
    @SuppressWarnings("unchecked")
    private static String document(GpuEvidence e) throws IOException {
        String bandwidth;
        try (var in = EvidenceDocumentGoldenTest.class.getResourceAsStream("/golden/bandwidth.json")) {
            bandwidth = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(bandwidth);
        // A run of its own: beside golden/bandwidth.json in one textfile directory
        // (PrometheusConsumersTest) the same label would write the same series twice.
        ((Map<String, Object>) doc.get("context")).put("label", "nightly-disturbed");
        ((Map<String, Object>) doc.get("context")).put("evidence", e.toJson());
        doc.put("disturbances", e.disturbances());
        return Json.write(doc);
    }

    @Test
    void theEvidenceAndItsDisturbancesAreWrittenAsBefore() throws IOException {
        GoldenFile.assertDocument("bandwidth-disturbed.json", document(evidence()));
    }

    @Test
    void theWrittenEvidenceAndDisturbancesBindBackToEqualRecords() throws Exception {
        GpuEvidence e = evidence();
        JsonNode tree = new ObjectMapper().readTree(document(e));
        RecordBinder binder = new RecordBinder();
        assertEquals(e.toJson().available().orElseThrow(), binder.bind(tree.get("context").get("evidence"), GpuEvidence.Document.class,
                "context.evidence"));
        for (int i = 0; i < e.disturbances().size(); i++) {
            assertEquals(e.disturbances().get(i), binder.bind(tree.get("disturbances").get(i), Disturbance.class,
                    "disturbances[" + i + "]"));
        }
    }
}
