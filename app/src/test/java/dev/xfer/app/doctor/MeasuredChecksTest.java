package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The decisions on the probe's figures, peers and NVML readings. */
class MeasuredChecksTest {
    private static final Scope GPU = Scope.gpu(0, "0000:01:00.0");

    @Test
    void remoteMemoryTenPercentSlowerIsAFinding() {
        Finding finding = found(NumaCheck.diagnose(GPU, 2, OptionalInt.of(0), "/sys/n",
                Optional.of(new NumaCheck.NearFar(0, 50.0, 1, 40.0)), ""));
        assertEquals(10.0, finding.cost().orElseThrow().gigabytesPerSecond(), 1e-9);
        clear(NumaCheck.diagnose(GPU, 2, OptionalInt.of(0), "/sys/n",
                Optional.of(new NumaCheck.NearFar(0, 50.0, 1, 46.0)), ""));
        clear(NumaCheck.diagnose(GPU, 1, OptionalInt.empty(), "/sys/n", Optional.empty(), "--no-probe"));
        unknown(NumaCheck.diagnose(GPU, 2, OptionalInt.empty(), "/sys/n", Optional.empty(), "--no-probe"));
        assertTrue(unknown(NumaCheck.diagnose(GPU, 2, OptionalInt.of(1), "/sys/n", Optional.empty(), "--no-probe"))
                .why().contains("--no-probe"));
    }

    @Test
    void pageableIsANoteWithItsRatioAndWhatStagingRecovers() {
        Finding finding = found(ProbeChecks.pageable(GPU, 13.5, 54.0, OptionalDouble.of(50.0), "probe"));
        assertEquals(Severity.NOTE, finding.severity());
        assertTrue(finding.summary().contains("25% of pinned"), finding.summary());
        assertTrue(finding.summary().contains("staged path gets 50.0 GB/s (93% of pinned)"), finding.summary());
        assertEquals(40.5, finding.cost().orElseThrow().gigabytesPerSecond(), 1e-9);
    }

    @Test
    void hostCopiesBelowTheDmaBoundTheStagedPath() {
        assertEquals(Severity.LOW, found(ProbeChecks.hostMemcpy(GPU, 30.0, 52.0, "probe")).severity());
        clear(ProbeChecks.hostMemcpy(GPU, 80.0, 52.0, "probe"));
    }

    @Test
    void peerAccessAndPaths() {
        Scope pair = Scope.pair(0, 1);
        assertEquals(Severity.MEDIUM, found(PeerChecks.access(pair, 0, 1, Reading.known(false, "call"))).severity());
        clear(PeerChecks.access(pair, 0, 1, Reading.known(true, "call")));
        unknown(PeerChecks.access(pair, 0, 1, Reading.unknown("CUDA is not usable", "call")));
        Optional<String> root0 = Optional.of("pci0000:00");
        assertEquals(PeerChecks.Path.SAME_SWITCH, PeerPaths.between(List.of("0000:02:08.0", "0000:01:00.0"), root0,
                List.of("0000:02:10.0", "0000:01:00.0"), root0));
        assertEquals(PeerChecks.Path.ROOT_COMPLEX, PeerPaths.between(List.of("0000:00:01.0"), root0,
                List.of("0000:00:02.0"), root0));
        assertEquals(PeerChecks.Path.ACROSS_ROOT_COMPLEXES, PeerPaths.between(List.of(), root0, List.of(),
                Optional.of("pci0000:80")));
        assertEquals(PeerChecks.Path.UNKNOWN, PeerPaths.between(List.of(), Optional.empty(), List.of(), root0));
    }

    @Test
    void nvlinkedPeersTakeNvlinkWhateverThePcieTreeSays() {
        // Four NVLinked H100s/H200s under one host bridge: sysfs alone says "through the root complex".
        Scope pair = Scope.pair(0, 1);
        Diagnosis.Clear nvlink = clear(PeerChecks.path(pair, PeerChecks.Path.ROOT_COMPLEX, "sysfs",
                Reading.known("NVLink", "nvmlDeviceGetP2PStatus(NVLINK)")));
        assertEquals("NVLink (the PCIe path is through the root complex)", nvlink.summary());
        assertEquals(List.of("peer path", "PCIe path"), nvlink.evidence().stream().map(Evidence::what).toList());
        assertEquals("PCIe path through the root complex", clear(PeerChecks.path(pair, PeerChecks.Path.ROOT_COMPLEX,
                "sysfs", Reading.known("PHB", "nvml"))).summary());
        assertEquals("PCIe path through the same PCIe switch", clear(PeerChecks.path(pair,
                PeerChecks.Path.SAME_SWITCH, "sysfs", Reading.unknown("no NVML", "nvml"))).summary());
    }

    @Test
    void nvmlReadingsPlugIn() {
        assertEquals(Severity.MEDIUM, found(NvmlChecks.throttle(GPU,
                Reading.known(List.of("hw_slowdown"), "nvml"))).severity());
        clear(NvmlChecks.throttle(GPU, Reading.known(List.of("applications_clocks_setting"), "nvml")));
        Finding replays = found(NvmlChecks.replays(GPU, Reading.known(new NvmlEvidence.ReplayCounts(10, 14), "nvml")));
        assertEquals(Severity.HIGH, replays.severity());
        assertTrue(replays.summary().startsWith("4 PCIe replays"), replays.summary());
        clear(NvmlChecks.replays(GPU, Reading.known(new NvmlEvidence.ReplayCounts(10, 10), "nvml")));
        assertEquals(Severity.LOW, found(NvmlChecks.persistence(GPU, 0, Reading.known(false, "nvml"),
                Optional.empty())).severity());
        found(NvmlChecks.processes(GPU, Reading.known(List.of("4242 python"), "nvml")));
        assertEquals(12.0, found(NvmlChecks.traffic(GPU, Reading.known(12.0, "nvml"))).cost().orElseThrow()
                .gigabytesPerSecond(), 1e-9);
        clear(NvmlChecks.traffic(GPU, Reading.known(0.2, "nvml")));
        found(NvmlChecks.peerStatus(Scope.pair(0, 1), Reading.known(new NvmlEvidence.PeerStatus(
                "CHIPSET_NOT_SUPPORTED", "CHIPSET_NOT_SUPPORTED"), "nvml"), Reading.known("SYS", "nvml"),
                Reading.known(false, "cuda")));
        List<Diagnosis> none = NvmlChecks.diagnose(GPU, 0, NvmlEvidence.unavailable("no NVML"));
        assertTrue(none.stream().allMatch(d -> d instanceof Diagnosis.Unknown u && u.why().equals("no NVML")),
                none.toString());
    }

    @Test
    void findingsRankBySeverityThenCost() {
        Evidence e = new Evidence("x", "1", "here");
        Finding lowCheap = new Finding(Cause.CPU_GOVERNOR, GPU, Severity.LOW, "a", List.of(e), Optional.empty(), "r");
        Finding mediumCheap = new Finding(Cause.MAX_PAYLOAD, GPU, Severity.MEDIUM, "b", List.of(e),
                Optional.of(new Cost(1, Cost.ESTIMATED)), "r");
        Finding mediumDear = new Finding(Cause.REMOTE_NUMA_NODE, GPU, Severity.MEDIUM, "c", List.of(e),
                Optional.of(new Cost(9, Cost.MEASURED)), "r");
        Finding mediumUnknown = new Finding(Cause.IOMMU_TRANSLATION, GPU, Severity.MEDIUM, "d", List.of(e),
                Optional.empty(), "r");
        Finding high = new Finding(Cause.LINK_BELOW_MAXIMUM, GPU, Severity.HIGH, "e", List.of(e), Optional.empty(),
                "r");
        assertEquals(List.of(high, mediumDear, mediumCheap, mediumUnknown, lowCheap),
                List.of(lowCheap, mediumUnknown, mediumCheap, high, mediumDear).stream().sorted(FindingOrder.RANK)
                        .toList());
    }
}
