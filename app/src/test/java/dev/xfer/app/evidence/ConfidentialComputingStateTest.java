package dev.xfer.app.evidence;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Confidential Computing state as the evidence reads it, on recorded readings: on, off, and
 * unknown (no NVML, or a driver before CC), in the line devices and doctor print and in the
 * context's evidence every measuring document carries.
 */
class ConfidentialComputingStateTest {
    static final ConfidentialComputingState ON = new ConfidentialComputingState(true, "production", false,
            Reading.of(true));

    private static GpuEvidence recorded(Reading<ConfidentialComputingState> cc) {
        GpuSnapshot snapshot = GpuSnapshot.unknown(Instant.EPOCH, 0, "not recorded");
        RecordedProbe probe = new RecordedProbe(List.of(snapshot), List.of(Reading.of(LinkSample.bytes(0, 0, 0))), cc);
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", 42, false, false)) {
            return recorder.finish(new DisturbanceRules());
        }
    }

    @SuppressWarnings("unchecked")
    private static Object written(GpuEvidence evidence) {
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(Json.write(evidence.toJson()));
        return doc.get("confidentialComputing");
    }

    @Test
    void onItSaysHostCopiesGoThroughABounceBuffer() {
        assertEquals("Confidential Computing: on (production, GPUs ready): host copies go through an encrypted"
                + " bounce buffer", ON.line());
        assertEquals(Map.of("state", "on", "environment", "production", "devTools", false, "gpusReady", true),
                written(recorded(Reading.of(ON))));
        ConfidentialComputingState notReady = new ConfidentialComputingState(true, "production", true, Reading.of(false));
        assertTrue(notReady.line().contains("developer tools mode, GPUs not ready (not accepting work)"), notReady.line());
    }

    @Test
    void offIsOneShortLine() {
        assertEquals("Confidential Computing: off", ConfidentialComputingState.off().line());
        assertEquals("off", ((Map<?, ?>) written(recorded(Reading.of(ConfidentialComputingState.off())))).get("state"));
    }

    @Test
    void aDriverWithoutTheCallIsUnknownNeverAFailure() {
        String why = "nvmlSystemGetConfComputeState: NVML_ERROR_FUNCTION_NOT_FOUND (this libnvidia-ml does not have it)";
        assertEquals("unknown: " + why, written(recorded(Reading.unknown(why))));
        assertEquals("Confidential Computing: unknown: " + why, ConfidentialComputingState.line(Reading.unknown(why)));
        assertEquals("Confidential Computing: off", ConfidentialComputingState.line(Reading.of(ConfidentialComputingState.off())));
    }

    @Test
    void aProbeThatReadsNothingSaysWhy() {
        try (EvidenceRecorder recorder = new EvidenceRecorder(new UnavailableProbe("libnvidia-ml.so.1 not found"),
                "GPU 0", 42, false, false)) {
            assertEquals(Reading.unknown("libnvidia-ml.so.1 not found"), recorder.confidentialComputing());
        }
    }
}
