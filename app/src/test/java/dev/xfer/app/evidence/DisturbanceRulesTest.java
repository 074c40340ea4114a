package dev.xfer.app.evidence;

import dev.xfer.app.result.Disturbance;
import dev.xfer.app.result.Disturbance.Kind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static dev.xfer.app.evidence.Readings.bytes;
import static dev.xfer.app.evidence.Readings.phase;
import static dev.xfer.app.evidence.Readings.quiet;
import static dev.xfer.app.evidence.Readings.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DisturbanceRulesTest {
    private static final long OWN = 1234;
    private static final long GB = 1_000_000_000L;
    private final DisturbanceRules rules = new DisturbanceRules();

    private static Recording recording(List<Phase> phases, List<LinkSample> samples) {
        return new Recording("GPU 0", OWN, Optional.empty(), phases, samples, Optional.empty(), Duration.ofMillis(100));
    }

    /** One phase from 0 to 1000 ms in which the rx counter grew by {@code counterRx} and xfer moved {@code ownRx}. */
    private static Recording onePhase(long counterRx, long ownRx) {
        return recording(List.of(phase("pinned h2d 64MiB", 0, 1000, quiet(0, OWN, 7), quiet(1000, OWN, 7), ownRx, 0)),
                List.of(bytes(0, 0, 0), bytes(500, counterRx / 2, 0), bytes(1000, counterRx, 0)));
    }

    private static List<Kind> kinds(List<Disturbance> ds) {
        return ds.stream().map(Disturbance::kind).toList();
    }

    @Test
    void ownTrafficIsTakenOffTheCounters() {
        // xfer moved 54 GB in a second and the counter saw 54 GB plus a little overhead: nothing foreign.
        assertEquals(List.of(), rules.judge(onePhase(56 * GB, 54 * GB)));
    }

    @Test
    void trafficBeyondOwnBytesIsForeign() {
        List<Disturbance> ds = rules.judge(onePhase(54 * GB + 41_200_000_000L, 54 * GB));
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(ds));
        assertEquals("foreign PCIe rx 41.2 GB/s during pinned h2d 64MiB on GPU 0", ds.getFirst().detail());
        assertEquals(41.2, traffic(ds).foreignGBps());
        assertEquals("rx", traffic(ds).direction());
    }

    @Test
    void theOtherDirectionsOverheadOfOwnCopiesIsNotForeign() {
        // Four quiet H200 runs (2026-11-27): a pinned h2d of 55 GB/s showed 3.5 GB/s of tx, the DMA's
        // requests; the allowance is 10% of xfer's own rate in both directions, 2 + 5.5 GB/s.
        Recording r = recording(List.of(phase("pinned h2d 64MiB", 0, 1000, quiet(0, OWN, 7), quiet(1000, OWN, 7), 55 * GB, 0)),
                List.of(bytes(0, 0, 0), bytes(500, 27_500_000_000L, 1_750_000_000L), bytes(1000, 55 * GB, 3_500_000_000L)));
        assertEquals(List.of(), rules.judge(r));
        Recording foreign = recording(List.of(phase("pinned h2d 64MiB", 0, 1000, quiet(0, OWN, 7), quiet(1000, OWN, 7), 55 * GB, 0)),
                List.of(bytes(0, 0, 0), bytes(500, 27_500_000_000L, 4 * GB), bytes(1000, 55 * GB, 8 * GB)));
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(rules.judge(foreign)));
    }

    @Test
    void rateSamplesAcrossOwnCopiesAreNotJudged() {
        // NVML's throughput is a ~20 ms average: samples that catch xfer's own bursts cannot be
        // integrated into a window's bytes, so a phase read through rates is never judged for traffic.
        Recording r = recording(List.of(phase("pinned h2d 64MiB", 0, 1000, quiet(0, OWN, 7), quiet(1000, OWN, 7), 10 * GB, 0)),
                List.of(LinkSample.throughput(0, 55_000_000, 4_000_000), LinkSample.throughput(500 * Readings.MS, 55_000_000, 4_000_000),
                        LinkSample.throughput(1000 * Readings.MS, 55_000_000, 4_000_000)));
        assertEquals(List.of(), rules.judge(r));
    }

    @Test
    void theThresholdIsTwoGBpsPlusTenPercentOfOwnRate() {
        // Own 10 GB/s: the limit is 2 + 1 = 3 GB/s of foreign traffic.
        assertEquals(List.of(), rules.judge(onePhase(12_900_000_000L, 10 * GB)));
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(rules.judge(onePhase(13_100_000_000L, 10 * GB))));
    }

    @Test
    void anyTrafficWhileIdleIsForeignAboveTheThreshold() {
        // No phase: 0.3 s of counters at 59 GB/s rx (a second process copying pinned H2D).
        Recording r = recording(List.of(), List.of(bytes(0, 0, 0), bytes(100, 5_900_000_000L, 0),
                bytes(200, 11_800_000_000L, 0), bytes(300, 17_700_000_000L, 0)));
        List<Disturbance> ds = rules.judge(r);
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(ds));
        assertEquals("foreign PCIe rx 59.0 GB/s while xfer was idle on GPU 0", ds.getFirst().detail());
    }

    @Test
    void idleTrafficBelowTheThresholdOrShorterThanTheWindowDoesNotDisturb() {
        Recording low = recording(List.of(), List.of(bytes(0, 0, 0), bytes(100, 150_000_000L, 0),
                bytes(200, 300_000_000L, 0)));
        assertEquals(List.of(), rules.judge(low));
        Recording brief = recording(List.of(), List.of(bytes(0, 0, 0), bytes(100, 5_900_000_000L, 0)));
        assertEquals(List.of(), rules.judge(brief));
    }

    @Test
    void aPhaseWithoutOwnBytesIsNotJudgedForTraffic() {
        Phase unknown = new Phase("pinned h2d 64MiB", 0, 1000 * Readings.MS, quiet(0, OWN, 7), quiet(1000, OWN, 7),
                Optional.empty());
        assertEquals(List.of(), rules.judge(recording(List.of(unknown), List.of(bytes(0, 0, 0), bytes(1000, 100 * GB, 0)))));
    }

    @Test
    void throughputSamplesAreTurnedIntoBytes() {
        // 41 200 000 KB/s = 41.2 GB/s in the idle window before the first configuration, over 200 ms.
        Recording r = new Recording("GPU 0", OWN, Optional.empty(), List.of(), List.of(LinkSample.throughput(0, 41_200_000, 0),
                LinkSample.throughput(100 * Readings.MS, 41_200_000, 0), LinkSample.throughput(200 * Readings.MS, 41_200_000, 0)),
                Optional.empty(), Duration.ofMillis(100), List.of(new IdleWindow(IdleWindow.BEFORE, 0, 200 * Readings.MS)));
        assertEquals("foreign PCIe rx 41.2 GB/s while xfer was idle before the first configuration on GPU 0",
                rules.judge(r).getFirst().detail());
        // The same rates between phases are not judged: they may hold the tail of xfer's own burst.
        Recording between = recording(List.of(), r.samples());
        assertEquals(List.of(), rules.judge(between));
    }

    @Test
    void idleIsNotAThrottleButAPowerCapIs() {
        GpuSnapshot idleAndBusy = snapshot(0, ClockEvents.GPU_IDLE, new LinkState(5, 16), 7,
                List.of());
        assertEquals(List.of(), rules.judge(recording(List.of(phase("p", 0, 10, idleAndBusy, idleAndBusy, 0, 0)), List.of())));
        GpuSnapshot capped = snapshot(10, ClockEvents.GPU_IDLE | 0x4, new LinkState(5, 16), 7, List.of());
        List<Disturbance> ds = rules.judge(recording(List.of(phase("pinned d2h 64MiB", 0, 10, idleAndBusy, capped, 0, 0)),
                List.of()));
        assertEquals(List.of(Kind.THROTTLE), kinds(ds));
        assertEquals("GPU 0 clocks held back by sw_power_cap during pinned d2h 64MiB (SM 1980 MHz)", ds.getFirst().detail());
    }

    @Test
    void aForeignProcessIsNamedButXferItselfIsNot() {
        GpuSnapshot shared = snapshot(0, 0, new LinkState(5, 16), 7, List.of(
                new ComputeProcess(OWN, Optional.of("java")), new ComputeProcess(4711, Optional.of("python"))));
        List<Disturbance> ds = rules.judge(recording(List.of(phase("p", 0, 10, shared, shared, 0, 0)), List.of()));
        assertEquals(List.of("pid 4711 (python) holds a context on GPU 0"), ds.stream().map(Disturbance::detail).toList());
        assertEquals(List.of(), rules.judge(recording(List.of(phase("p", 0, 10, quiet(0, OWN, 7), quiet(10, OWN, 7), 0, 0)), List.of())));
    }

    @Test
    void aRetrainAndNewReplaysDisturb() {
        GpuSnapshot end = snapshot(10, 0, new LinkState(4, 16), 9, List.of());
        List<Disturbance> ds = rules.judge(recording(List.of(phase("pinned h2d 1GiB", 0, 10, quiet(0, OWN, 7), end, 0, 0)),
                List.of()));
        assertEquals(List.of(Kind.LINK_RETRAINED, Kind.LINK_REPLAYS), kinds(ds));
        assertEquals(List.of(
                "GPU 0 PCIe link went from Gen5 x16 to Gen4 x16 during pinned h2d 1GiB",
                "2 PCIe replays on GPU 0 during pinned h2d 1GiB"), ds.stream().map(Disturbance::detail).toList());
    }

    @Test
    void unknownReadingsNeverDisturb() {
        GpuSnapshot unknown = GpuSnapshot.unknown(java.time.Instant.EPOCH, 10 * Readings.MS, "not supported");
        // Start known, end unknown: no retrain, no replays, no throttle can be told.
        assertEquals(List.of(), rules.judge(recording(List.of(phase("p", 0, 10, quiet(0, OWN, 7), unknown, 0, 0)), List.of())));
        assertEquals(List.of(), rules.judge(Recording.unavailable("GPU 0", OWN, "libnvidia-ml.so.1 not found", Duration.ofMillis(100))));
    }

    @Test
    void aCounterThatWentBackIsNotRead() {
        Recording r = recording(List.of(), List.of(bytes(0, 100 * GB, 0), bytes(100, 0, 0), bytes(200, 1, 0)));
        assertEquals(List.of(), rules.judge(r));
    }

    /**
     * Issue 32's contended H100 run: the setup phase and short configurations (20 ms each, no
     * own bytes) leave nothing judged between phases; the idle window read before the first
     * configuration carries the second process's pinned copies at 59 GB/s rx.
     */
    private static Recording contendedShortPhases(long idleRxBytesPer50ms) {
        List<LinkSample> samples = new java.util.ArrayList<>();
        for (int i = 0; i <= 4; i++) {
            samples.add(bytes(i * 50L, i * idleRxBytesPer50ms, 0));
        }
        long base = 4 * idleRxBytesPer50ms;
        // Then setup (200-230 ms) and two configurations of 20 ms, each read at its edges.
        samples.add(bytes(230, base + 2 * GB, 0));
        samples.add(bytes(250, base + 4 * GB, 0));
        samples.add(bytes(270, base + 6 * GB, 0));
        Phase setup = new Phase("setup", 200 * Readings.MS, 230 * Readings.MS, quiet(200, OWN, 7), quiet(230, OWN, 7),
                Optional.empty());
        Phase h2d = new Phase("pinned h2d 64MiB", 230 * Readings.MS, 250 * Readings.MS, quiet(230, OWN, 7),
                quiet(250, OWN, 7), Optional.empty());
        Phase d2h = new Phase("pinned d2h 64MiB", 250 * Readings.MS, 270 * Readings.MS, quiet(250, OWN, 7),
                quiet(270, OWN, 7), Optional.empty());
        return new Recording("GPU 0", OWN, Optional.empty(), List.of(setup, h2d, d2h), samples, Optional.empty(),
                Duration.ofMillis(100), List.of(new IdleWindow(IdleWindow.BEFORE, 0, 200 * Readings.MS)));
    }

    @Test
    void theIdleWindowBeforeTheFirstConfigurationCatchesForeignTrafficThatShortPhasesHide() {
        // 59 GB/s = 2.95 GB per 50 ms: nvidia-smi's reading while another process copied pinned memory.
        List<Disturbance> ds = rules.judge(contendedShortPhases(2_950_000_000L));
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(ds));
        assertEquals("foreign PCIe rx 59.0 GB/s while xfer was idle before the first configuration on GPU 0",
                ds.getFirst().detail());
        assertEquals(200.0, traffic(ds).windowMs());
        assertEquals(0.0, traffic(ds).ownGBps());
    }

    @Test
    void aQuietIdleWindowDoesNotDisturb() {
        // The quiet H100 of issue 32: 0 bytes while idle.
        assertEquals(List.of(), rules.judge(contendedShortPhases(0)));
    }

    @Test
    void theIdleWindowIsJudgedAgainstTwoGBps() {
        // 1.9 GB/s = 95 MB per 50 ms; 2.1 GB/s = 105 MB. Nothing of xfer's own to allow for.
        assertEquals(List.of(), rules.judge(contendedShortPhases(95_000_000L)));
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(rules.judge(contendedShortPhases(105_000_000L))));
    }

    @Test
    void anIdleWindowShorterThanItsMinimumIsNotJudged() {
        // 60 ms at 59 GB/s: under the 80 ms an idle window needs.
        Recording r = new Recording("GPU 0", OWN, Optional.empty(), List.of(),
                List.of(bytes(0, 0, 0), bytes(30, 1_770_000_000L, 0), bytes(60, 3_540_000_000L, 0)), Optional.empty(),
                Duration.ofMillis(100), List.of(new IdleWindow(IdleWindow.AFTER, 0, 60 * Readings.MS)));
        assertEquals(List.of(), rules.judge(r));
        Recording longer = new Recording("GPU 0", OWN, Optional.empty(), List.of(),
                List.of(bytes(0, 0, 0), bytes(50, 2_950_000_000L, 0), bytes(100, 5_900_000_000L, 0)), Optional.empty(),
                Duration.ofMillis(100), List.of(new IdleWindow(IdleWindow.AFTER, 0, 100 * Readings.MS)));
        assertEquals("foreign PCIe rx 59.0 GB/s while xfer was idle after the last configuration on GPU 0",
                rules.judge(longer).getFirst().detail());
    }

    @Test
    void ownTrafficIsSubtractedInAPhaseBesideAQuietIdleWindow() {
        // Idle 0 GB/s; then a one-second phase that moved 54 GB of its own while the counter saw 95 GB.
        Phase p = phase("pinned h2d 1GiB", 200, 1200, quiet(200, OWN, 7), quiet(1200, OWN, 7), 54 * GB, 0);
        Recording r = new Recording("GPU 0", OWN, Optional.empty(), List.of(p),
                List.of(bytes(0, 0, 0), bytes(100, 0, 0), bytes(200, 0, 0), bytes(700, 47 * GB, 0),
                        bytes(1200, 95 * GB, 0)), Optional.empty(), Duration.ofMillis(100),
                List.of(new IdleWindow(IdleWindow.BEFORE, 0, 200 * Readings.MS)));
        List<Disturbance> ds = rules.judge(r);
        assertEquals("foreign PCIe rx 41.0 GB/s during pinned h2d 1GiB on GPU 0", ds.getFirst().detail());
        assertEquals(54.0, traffic(ds).ownGBps());
    }

    /**
     * {@code n} configurations of 25 ms each, back to back from 0 ms, each moving {@code ownPerPhase}
     * to the device, while the rx counter grows by {@code counterPerPhase} in each; phase
     * {@code unreported} (or -1) does not report its own bytes.
     */
    private static Recording shortPhases(int n, long ownPerPhase, long counterPerPhase, int unreported) {
        List<Phase> phases = new java.util.ArrayList<>();
        List<LinkSample> samples = new java.util.ArrayList<>();
        samples.add(bytes(0, 0, 0));
        for (int i = 0; i < n; i++) {
            long from = i * 25L;
            long to = from + 25;
            samples.add(bytes(to, (i + 1) * counterPerPhase, 0));
            phases.add(new Phase("pinned h2d " + (4 << i) + "KiB", from * Readings.MS, to * Readings.MS,
                    quiet(from, OWN, 7), quiet(to, OWN, 7),
                    i == unreported ? Optional.empty() : Optional.of(new Phase.OwnBytes(ownPerPhase, 0))));
        }
        return recording(phases, samples);
    }

    @Test
    void shortPhasesThatAllReportTheirBytesAreJudgedTogether() {
        // 12 x 25 ms = 300 ms; xfer moves 1.25 GB a phase (50 GB/s); the counter adds 41.2 GB/s of foreign rx.
        List<Disturbance> ds = rules.judge(shortPhases(12, 1_250_000_000L, 1_250_000_000L + 1_030_000_000L, -1));
        assertEquals(List.of(Kind.FOREIGN_LINK_TRAFFIC), kinds(ds));
        assertEquals("foreign PCIe rx 41.2 GB/s during pinned h2d 4KiB to pinned h2d 8192KiB (12 configurations)"
                + " on GPU 0", ds.getFirst().detail());
        assertEquals(50.0, traffic(ds).ownGBps());
        assertEquals(300.0, traffic(ds).windowMs());
    }

    @Test
    void togetherTheirOwnBytesAndOverheadAreTakenOff() {
        // The counter shows 8% more than xfer moved (packet overhead): under 2 GB/s + 10% of 50 GB/s.
        assertEquals(List.of(), rules.judge(shortPhases(12, 1_250_000_000L, 1_350_000_000L, -1)));
    }

    @Test
    void aPhaseWithoutOwnBytesBreaksTheRun() {
        // Phase 6 reports nothing: two runs of 150 ms and 125 ms, each under the 200 ms window.
        assertEquals(List.of(), rules.judge(shortPhases(12, 1_250_000_000L, 1_250_000_000L + 1_030_000_000L, 6)));
    }

    private static Disturbance.ForeignLinkTraffic.Evidence traffic(List<Disturbance> ds) {
        return ((Disturbance.ForeignLinkTraffic) ds.getFirst()).evidence();
    }
}
