package dev.xfer.app.evidence;

import dev.xfer.app.result.Disturbance.Kind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.xfer.app.evidence.Readings.bytes;
import static dev.xfer.app.evidence.Readings.quiet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvidenceRecorderTest {
    private static final long OWN = 99;
    private static final long GB = 1_000_000_000L;

    @Test
    void aPhaseGetsItsSnapshotsAndOwnBytes() {
        // Construction reads snapshot 0 and sample 0; the phase reads sample 1 + snapshot 1, then snapshot 2 + sample 2.
        RecordedProbe probe = new RecordedProbe(
                List.of(quiet(0, OWN, 1), quiet(10, OWN, 1), quiet(1010, OWN, 1), quiet(1020, OWN, 1)),
                List.of(Reading.of(bytes(0, 0, 0)), Reading.of(bytes(10, 0, 0)), Reading.of(bytes(1010, 55 * GB, 0))));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, false, false)) {
            recorder.phaseStarted("pinned h2d 64MiB");
            recorder.moved(30 * GB, 0);
            recorder.moved(24 * GB, 0);
            recorder.phaseEnded();
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            Phase phase = evidence.recording().phases().getFirst();
            assertEquals(java.util.Optional.of(new Phase.OwnBytes(54 * GB, 0)), phase.ownBytes());
            assertEquals(1.0, phase.seconds());
            assertEquals(List.of(), evidence.disturbances());
            assertTrue(evidence.line().isEmpty());
        }
    }

    @Test
    void foreignTrafficInAPhaseIsFoundAndSaidOnOneLine() {
        RecordedProbe probe = new RecordedProbe(
                List.of(quiet(0, OWN, 1), quiet(10, OWN, 1), quiet(1010, OWN, 1), quiet(1020, OWN, 1)),
                List.of(Reading.of(bytes(0, 0, 0)), Reading.of(bytes(10, 0, 0)), Reading.of(bytes(1010, 95 * GB, 0))));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, false, false)) {
            recorder.phaseStarted("pinned h2d 64MiB");
            recorder.moved(54 * GB, 0);
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), evidence.disturbances().stream().map(d -> d.kind()).toList());
            assertEquals(java.util.Optional.of("GPU 0 disturbed: foreign PCIe rx 41.0 GB/s during pinned h2d 64MiB"), evidence.line());
        }
    }

    @Test
    void anUnavailableProbeSaysWhyAndNeverDisturbs() {
        try (EvidenceRecorder recorder = new EvidenceRecorder(new UnavailableProbe("libnvidia-ml.so.1 not found"),
                "GPU 0", OWN, false, true)) {
            recorder.phaseStarted("p");
            recorder.moved(1, 1);
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            assertEquals("unavailable: libnvidia-ml.so.1 not found", evidence.toJson());
            assertFalse(evidence.disturbed());
        }
    }

    @Test
    void unreadableItemsAreWrittenAsUnknown() {
        RecordedProbe probe = new RecordedProbe(List.of(GpuSnapshot.unknown(java.time.Instant.EPOCH, 0, "not supported")),
                List.of(Reading.unknown("no permission")));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, false, false)) {
            recorder.phaseStarted("p");
            Map<?, ?> json = (Map<?, ?>) recorder.finish(new DisturbanceRules()).toJson();
            assertEquals("unknown: not supported", ((Map<?, ?>) json.get("start")).get("smClockMHz"));
            assertEquals("unknown: no permission", json.get("linkTraffic"));
        }
    }

    @Test
    void theBackgroundSamplerReadsWhileTheRunMeasures() throws InterruptedException {
        int[] reads = {0};
        GpuProbe counting = new GpuProbe() {
            @Override
            public java.util.Optional<String> unavailable() {
                return java.util.Optional.empty();
            }

            @Override
            public GpuSnapshot snapshot(boolean memoryHealth) {
                return quiet(System.nanoTime() / Readings.MS, OWN, 0);
            }

            @Override
            public synchronized Reading<LinkSample> linkSample() {
                reads[0]++;
                return Reading.of(LinkSample.bytes(System.nanoTime(), 0, 0));
            }

            @Override
            public void close() {
            }
        };
        try (EvidenceRecorder recorder = new EvidenceRecorder(counting, "GPU 0", OWN, false, true)) {
            Thread.sleep(EvidenceRecorder.PERIOD.toMillis() * 4);
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            // The first sample is read on construction; the sampler adds more while the test sleeps.
            assertTrue(evidence.recording().samples().size() > 2, "samples: " + evidence.recording().samples().size());
            assertFalse(evidence.disturbed());
        }
    }

    @Test
    void bytesReportedFromAnotherThreadLeaveThePhaseUnjudged() throws InterruptedException {
        RecordedProbe probe = new RecordedProbe(
                List.of(quiet(0, OWN, 1), quiet(10, OWN, 1), quiet(1010, OWN, 1), quiet(1020, OWN, 1)),
                List.of(Reading.of(bytes(0, 0, 0)), Reading.of(bytes(10, 0, 0)), Reading.of(bytes(1010, 95 * GB, 0))));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, false, false)) {
            recorder.phaseStarted("pinned h2d 64MiB");
            recorder.moved(54 * GB, 0);
            Thread other = new Thread(() -> recorder.moved(1, 0));
            other.start();
            other.join();
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            assertTrue(evidence.recording().phases().getFirst().ownBytes().isEmpty());
            // 41 GB/s beyond the reported bytes, but the report cannot be trusted: not judged.
            assertFalse(evidence.disturbed());
        }
    }

    @Test
    void samplesAreJudgedInTimeOrderWhateverOrderTheyArrived() {
        // The phase's end sample (1010 ms) arrives before a sampler tick read at 510 ms.
        RecordedProbe probe = new RecordedProbe(
                List.of(quiet(0, OWN, 1), quiet(10, OWN, 1), quiet(1010, OWN, 1), quiet(1020, OWN, 1)),
                List.of(Reading.of(bytes(0, 0, 0)), Reading.of(bytes(10, 0, 0)), Reading.of(bytes(1010, 95 * GB, 0)),
                        Reading.of(bytes(510, 47 * GB, 0))));
        try (EvidenceRecorder recorder = new EvidenceRecorder(probe, "GPU 0", OWN, false, false)) {
            recorder.phaseStarted("pinned h2d 64MiB");
            recorder.moved(54 * GB, 0);
            recorder.phaseEnded();
            recorder.sample();
            GpuEvidence evidence = recorder.finish(new DisturbanceRules());
            assertEquals(List.of(0L, 10L, 510L, 1010L), evidence.recording().samples().stream()
                    .map(s -> s.nanos() / Readings.MS).toList());
            assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), evidence.disturbances().stream().map(d -> d.kind()).toList());
        }
    }
}
