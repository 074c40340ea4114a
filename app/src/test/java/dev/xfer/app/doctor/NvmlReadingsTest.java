package dev.xfer.app.doctor;

import dev.xfer.app.evidence.ClockEvents;
import dev.xfer.app.evidence.ComputeProcess;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.LinkSample;
import dev.xfer.app.evidence.LinkState;
import dev.xfer.app.evidence.PeerReading;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The NVML-based checks on readings as the probes give them around doctor's probe. */
class NvmlReadingsTest {
    private static final long OWN = 777;
    private static final Scope GPU = Scope.gpu(0, "0000:01:00.0");
    private static final ComputeProcess XFER = new ComputeProcess(OWN, Optional.of("java"));

    /** As an H200 gives them: persistence on, Gen5 x16, xfer alone. */
    private static GpuSnapshot snapshot(boolean persistence, long clockEvents, long replays,
                                        List<ComputeProcess> processes) {
        return new GpuSnapshot(Instant.EPOCH, 0, ev(persistence), ev(1980), ev(2619), ev(new ClockEvents(clockEvents)),
                ev(new LinkState(5, 16)), ev(replays), ev(processes), Optional.empty());
    }

    private static <T> dev.xfer.app.evidence.Reading<T> ev(T value) {
        return dev.xfer.app.evidence.Reading.of(value);
    }

    private static NvmlReadings one(GpuSnapshot before, GpuSnapshot after, double idleGBps) {
        return new NvmlReadings(Map.of(0, new NvmlReadings.Gpu(before, after, ev(idleGBps), 250)), Map.of(), OWN);
    }

    private static GpuSnapshot quiet(long replays) {
        return snapshot(true, ClockEvents.GPU_IDLE, replays, List.of(XFER));
    }

    private static Map<Cause, Diagnosis> diagnose(NvmlEvidence nvml) {
        Map<Cause, Diagnosis> out = new java.util.EnumMap<>(Cause.class);
        NvmlChecks.diagnose(GPU, 0, nvml).forEach(d -> out.put(d.cause(), d));
        return out;
    }

    @Test
    void aQuietGpuIsClearOnEveryNvmlCheck() {
        Map<Cause, Diagnosis> all = diagnose(one(quiet(3), quiet(3), 0.02));
        assertEquals(5, all.size());
        all.values().forEach(d -> assertInstanceOf(Diagnosis.Clear.class, d, d.toString()));
        Diagnosis.Clear processes = (Diagnosis.Clear) all.get(Cause.FOREIGN_PROCESSES);
        assertTrue(processes.evidence().getFirst().where().contains("pid 777 left out"), processes.toString());
    }

    @Test
    void aSlowdownSeenBeforeOrAfterTheProbeIsAFinding() {
        GpuSnapshot slowed = snapshot(true, ClockEvents.GPU_IDLE | 0x8 | 0x4, 3, List.of(XFER));
        Finding f = ((Diagnosis.Found) diagnose(one(quiet(3), slowed, 0)).get(Cause.CLOCKS_THROTTLED)).finding();
        assertEquals("clocks throttled: sw_power_cap, hw_slowdown", f.summary());
        assertTrue(f.evidence().getFirst().where().contains("nvmlDeviceGetCurrentClocksEventReasons"), f.toString());
        // A clock setting is shown but is not a fault.
        GpuSnapshot setting = snapshot(true, 0x2, 3, List.of(XFER));
        Diagnosis.Clear clear = (Diagnosis.Clear) diagnose(one(setting, quiet(3), 0)).get(Cause.CLOCKS_THROTTLED);
        assertTrue(clear.summary().contains("applications_clocks_setting"), clear.summary());
    }

    @Test
    void replaysRisingDuringTheProbeAreAFinding() {
        Finding f = ((Diagnosis.Found) diagnose(one(quiet(10), quiet(14), 0)).get(Cause.PCIE_REPLAYS)).finding();
        assertEquals(Severity.HIGH, f.severity());
        assertTrue(f.summary().startsWith("4 PCIe replays during the probe"), f.summary());
        assertEquals("10 before, 14 after", f.evidence().getFirst().value());
    }

    @Test
    void persistenceOffIsALowFindingWithItsRemedyAndNoClaimedCost() {
        GpuSnapshot off = snapshot(false, ClockEvents.GPU_IDLE, 3, List.of(XFER));
        Finding f = ((Diagnosis.Found) diagnose(one(off, off, 0)).get(Cause.PERSISTENCE_MODE)).finding();
        assertEquals(Severity.LOW, f.severity());
        assertTrue(f.cost().isEmpty());
        assertTrue(f.remedy().contains("nvidia-smi -pm 1") && f.remedy().contains("nvidia-persistenced"));
        assertEquals("off", f.evidence().getFirst().value());
    }

    @Test
    void foreignProcessesLeaveXferOutAndCountEachPidOnce() {
        ComputeProcess python = new ComputeProcess(4242, Optional.of("python"));
        ComputeProcess hidden = new ComputeProcess(5151, Optional.empty());
        GpuSnapshot before = snapshot(true, 1, 3, List.of(XFER, python));
        GpuSnapshot after = snapshot(true, 1, 3, List.of(python, hidden, XFER));
        Finding f = ((Diagnosis.Found) diagnose(one(before, after, 0)).get(Cause.FOREIGN_PROCESSES)).finding();
        assertEquals("2 other processes on the GPU", f.summary());
        assertEquals("pid 4242 (python), pid 5151", f.evidence().getFirst().value());
    }

    @Test
    void trafficOverTheIdleWindowIsForeignAndCosts() {
        // 3 GB in each direction over 250 ms of the cumulative counters: 24 GB/s both ways.
        double gbps = LinkSample.bytes(0, 1_000, 2_000).gigabytesPerSecondUntil(
                LinkSample.bytes(250_000_000L, 3_000_001_000L, 3_000_002_000L)).orElseThrow();
        assertEquals(24.0, gbps, 1e-9);
        Finding f = ((Diagnosis.Found) diagnose(one(quiet(3), quiet(3), gbps)).get(Cause.FOREIGN_TRAFFIC)).finding();
        assertEquals(24.0, f.cost().orElseThrow().gigabytesPerSecond(), 1e-9);
        assertTrue(f.evidence().getFirst().where().contains("250 ms while doctor moved nothing"), f.toString());
        // A counter that went back (a reset) says nothing.
        assertTrue(LinkSample.bytes(0, 10, 10).gigabytesPerSecondUntil(LinkSample.bytes(1, 5, 5)).isEmpty());
    }

    @Test
    void aReadingNvmlRefusedIsUnknownNeverAFinding() {
        GpuSnapshot refused = GpuSnapshot.unknown(Instant.EPOCH, 0, "NVML_ERROR_NO_PERMISSION");
        NvmlReadings nvml = new NvmlReadings(Map.of(0, new NvmlReadings.Gpu(refused, refused,
                dev.xfer.app.evidence.Reading.unknown("NVML_ERROR_NOT_SUPPORTED"), 250)), Map.of(), OWN);
        Map<Cause, Diagnosis> all = diagnose(nvml);
        assertEquals(5, all.size());
        all.values().forEach(d -> assertInstanceOf(Diagnosis.Unknown.class, d, d.toString()));
        assertEquals("NVML_ERROR_NOT_SUPPORTED", ((Diagnosis.Unknown) all.get(Cause.FOREIGN_TRAFFIC)).why());
        // A GPU the probes did not read (none opened) is unknown too.
        diagnose(new NvmlReadings(Map.of(), Map.of(), OWN)).values()
                .forEach(d -> assertInstanceOf(Diagnosis.Unknown.class, d, d.toString()));
        DoctorReport report = new DoctorReport(DoctorFixtures.cuda(), List.of(), NvmlChecks.diagnose(GPU, 0, nvml));
        assertTrue(!report.costsBandwidth() && report.findings().isEmpty());
    }

    @Test
    void peerStatusPerPairWithItsCommonAncestorAndCudasAnswer() {
        Map<List<Integer>, PeerReading> peers = Map.of(
                List.of(0, 1), new PeerReading(ev("OK"), ev("OK"), ev("PIX")),
                List.of(1, 0), new PeerReading(ev("CHIPSET_NOT_SUPPORTED"), ev("OK"), ev("SYS")));
        NvmlReadings nvml = new NvmlReadings(Map.of(), peers, OWN);
        Diagnosis ok = NvmlChecks.peerStatus(Scope.pair(0, 1), nvml.peerStatus(0, 1), nvml.commonAncestor(0, 1),
                Reading.known(true, "cudaDeviceCanAccessPeer"));
        assertEquals("NVML: peer reads and writes supported (path PIX)", ((Diagnosis.Clear) ok).summary());
        Finding not = ((Diagnosis.Found) NvmlChecks.peerStatus(Scope.pair(1, 0), nvml.peerStatus(1, 0),
                nvml.commonAncestor(1, 0), Reading.known(true, "cudaDeviceCanAccessPeer"))).finding();
        assertEquals("NVML: peer copies not supported, read CHIPSET_NOT_SUPPORTED, write OK (path SYS);"
                + " cudaDeviceCanAccessPeer says yes", not.summary());
        assertEquals(2, not.evidence().size());
        assertInstanceOf(Diagnosis.Unknown.class, NvmlChecks.peerStatus(Scope.pair(0, 2), nvml.peerStatus(0, 2),
                nvml.commonAncestor(0, 2), Reading.known(true, "cudaDeviceCanAccessPeer")));
    }

    @Test
    void nvmlFindingsRenderInTextJsonAndJUnit() {
        GpuSnapshot bad = snapshot(false, 0x40, 20, List.of(XFER, new ComputeProcess(4242, Optional.of("python"))));
        List<Diagnosis> diagnoses = NvmlChecks.diagnose(GPU, 0, one(quiet(3), bad, 12.5));
        DoctorReport report = new DoctorReport(DoctorFixtures.cuda(), List.of(), diagnoses);
        assertEquals(5, report.findings().size());
        String text = DoctorText.render(report);
        assertTrue(text.contains("clocks throttled: hw_thermal_slowdown"), text);
        assertTrue(text.contains("17 PCIe replays during the probe"), text);
        assertTrue(text.contains("12.5 GB/s of link traffic xfer did not move"), text);
        DoctorDocument doc = DoctorDocument.of(1, "0.1.0-test", report);
        dev.xfer.app.docs.SchemaContract.requireValid(JsonMaps.parse(Json.write(doc)), "doctor --json, NVML findings");
        String junit = JUnitXml.render(DoctorJUnit.suite(report, Instant.EPOCH, "host"));
        for (Cause cause : List.of(Cause.CLOCKS_THROTTLED, Cause.PCIE_REPLAYS, Cause.PERSISTENCE_MODE,
                Cause.FOREIGN_PROCESSES, Cause.FOREIGN_TRAFFIC)) {
            assertTrue(Json.write(doc).contains("\"" + cause.id() + "\""), cause.id());
            assertTrue(junit.contains("name=\"" + cause.id() + "\""), cause.id());
        }
    }
}
