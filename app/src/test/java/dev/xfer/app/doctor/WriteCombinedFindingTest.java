package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceReader;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.of;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host's reads of write-combined memory against cached pinned memory: a note where they are slow. */
class WriteCombinedFindingTest {
    private static final Scope GPU = Scope.gpu(0, "0000:01:00.0");
    private static final String WHERE = "doctor's probe: libc memcpy of 16 MiB";

    private static Diagnosis judge(double writeCombined, double pinned) {
        return ProbeChecks.writeCombinedRead(GPU, Reading.known(new HostReads(writeCombined, pinned), WHERE));
    }

    @Test
    void slowReadsAreANoteWithBothFiguresAndNoClaimedLoss() {
        Finding finding = found(judge(0.4, 19.8));
        assertEquals(Severity.NOTE, finding.severity());
        assertFalse(finding.severity().costsBandwidth());
        assertEquals("host reads of write-combined memory ran at 0.4 GB/s, 2% of cached pinned (19.8 GB/s)",
                finding.summary());
        // The rates are the host's reads, not a copy's: no bandwidth is claimed lost.
        assertTrue(finding.cost().isEmpty() && finding.timeCost().isEmpty(), finding.toString());
        assertEquals(List.of("0.4 GB/s", "19.8 GB/s"), finding.evidence().stream().map(Evidence::value).toList());
        assertTrue(finding.evidence().stream().allMatch(e -> e.where().equals(WHERE)), finding.toString());
        assertTrue(finding.evidence().getFirst().what().contains("cudaHostAllocWriteCombined"), finding.toString());
        assertTrue(finding.remedy().contains("host writes and the GPU reads")
                && finding.remedy().contains("ordinary pinned memory"), finding.remedy());
    }

    @Test
    void readsNearCachedOnesAreClearAndTheThresholdIsHalf() {
        Diagnosis.Clear fast = clear(judge(17.0, 19.8));
        assertTrue(fast.summary().startsWith("host reads of write-combined memory ran at 17.0 GB/s, 86% of cached"
                + " pinned (19.8 GB/s)"), fast.summary());
        assertEquals(2, fast.evidence().size());
        clear(judge(10.0, 20.0));
        found(judge(9.9, 20.0));
    }

    @Test
    void aBufferThatCouldNotBeHadIsUnknown() {
        Diagnosis.Unknown u = unknown(ProbeChecks.writeCombinedRead(GPU, Reading.unknown(
                "cudaHostAlloc(16777216 bytes, write-combined): cudaErrorMemoryAllocation", "cudaHostAlloc")));
        assertTrue(u.why().startsWith("cudaHostAlloc(16777216 bytes, write-combined): cudaErrorMemoryAllocation"),
                u.why());
        assertThrows(IllegalArgumentException.class, () -> new HostReads(0, 19.8));
        assertThrows(IllegalArgumentException.class, () -> new HostReads(Double.NaN, 19.8));
    }

    @Test
    void aProbedGpuIsJudgedFromItsFiguresAndANoteLeavesTheExitAtZero() {
        PciAddress address = PciAddress.parse("0000:00:06.0").orElseThrow();
        ProbeFigures figures = new ProbeFigures(53.9, 13.8, OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), Optional.empty(), "64 MiB h2d", 1.2,
                Reading.known(new HostReads(0.3, 21.0), WHERE));
        DoctorGpu gpu = new DoctorGpu(OptionalInt.of(0), Optional.empty(), address,
                new PciDeviceReader(DoctorTrees.h100Vm()).read(address), Optional.of(figures), "");
        List<Diagnosis> all = new Examination(new SysfsEvidence(DoctorTrees.h100Vm()),
                new NumaTopologyReader(DoctorTrees.h100Vm()).read(), NvmlEvidence.unavailable("no NVML here"))
                .examine(List.of(gpu), (from, to) -> Reading.unknown("no CUDA", "call"));
        Finding note = found(of(all, Cause.WRITE_COMBINED_READ, Scope.GPU));
        assertTrue(note.summary().contains("1% of cached pinned (21.0 GB/s)"), note.summary());
        DoctorReport report = new DoctorReport(DoctorFixtures.cuda(), List.of(gpu), all);
        assertTrue(report.findings().stream().noneMatch(f -> f.severity().costsBandwidth()), report.findings()
                .toString());
        assertFalse(report.costsBandwidth());
    }
}
