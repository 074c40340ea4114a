package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.of;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every sysfs check on whole machine trees: the real H100 VM, and synthetic bad ones. */
class ExaminationTest {
    private static final NvmlEvidence NO_NVML = NvmlEvidence.unavailable("no NVML here");

    private static List<Diagnosis> examine(Path sysfs, String busId, boolean cudaIndex) {
        PciAddress address = PciAddress.parse(busId).orElseThrow();
        DoctorGpu gpu = new DoctorGpu(cudaIndex ? OptionalInt.of(0) : OptionalInt.empty(), Optional.empty(), address,
                new PciDeviceReader(sysfs).read(address), Optional.empty(), "--no-probe");
        return new Examination(new SysfsEvidence(sysfs), new NumaTopologyReader(sysfs).read(), NO_NVML)
                .examine(List.of(gpu), (from, to) -> Reading.unknown("no CUDA", "call"));
    }

    @Test
    void theRealH100VmIsClearWhereItCanBeRead() {
        List<Diagnosis> all = examine(DoctorTrees.h100Vm(), "0000:00:06.0", true);
        clear(of(all, Cause.LINK_BELOW_MAXIMUM, Scope.GPU));
        Diagnosis.Clear payload = clear(of(all, Cause.MAX_PAYLOAD, Scope.GPU));
        assertTrue(payload.evidence().getFirst().value().equals("256 B"), payload.toString());
        assertTrue(payload.evidence().getFirst().where().endsWith("0000:00:06.0/config Device Control 0x68 bits 7:5"),
                payload.toString());
        assertEquals("MaxReadReq 4096 B", clear(of(all, Cause.MAX_READ_REQUEST, Scope.GPU)).summary());
        assertTrue(clear(of(all, Cause.IOMMU_TRANSLATION, Scope.GPU)).summary().startsWith("no IOMMU group"));
        clear(of(all, Cause.ACS_REDIRECT, Scope.GPU));
        clear(of(all, Cause.TRANSPARENT_HUGE_PAGES, Scope.HOST));
        clear(of(all, Cause.REMOTE_NUMA_NODE, Scope.GPU));
        assertTrue(unknown(of(all, Cause.CPU_GOVERNOR, Scope.HOST)).why().contains("cpufreq"));
        assertEquals("no NVML here", unknown(of(all, Cause.CLOCKS_THROTTLED, Scope.GPU)).why());
        assertFalse(all.stream().anyMatch(d -> d instanceof Diagnosis.Found), all.toString());
    }

    @Test
    void anUnprivilegedReaderGetsUnknownNotFindings(@TempDir Path copy) throws IOException {
        Path gpu = copy.resolve("bus/pci/devices/0000:00:06.0");
        Files.createDirectories(gpu);
        Path real = DoctorTrees.h100Vm().resolve("bus/pci/devices/0000:00:06.0");
        try (var files = Files.list(real)) {
            for (Path file : files.toList()) {
                Files.copy(file, gpu.resolve(file.getFileName().toString()));
            }
        }
        // What the kernel gives a user without CAP_SYS_ADMIN: the 64-byte header (recon's unpriv.txt).
        Files.write(gpu.resolve("config"), Arrays.copyOf(Files.readAllBytes(real.resolve("config")), 64));
        List<Diagnosis> all = examine(copy, "0000:00:06.0", false);
        String why = unknown(of(all, Cause.MAX_PAYLOAD, Scope.GPU)).why();
        assertTrue(why.startsWith("config space beyond 64 bytes needs root (read 64 of 256 bytes of "), why);
        unknown(of(all, Cause.MAX_READ_REQUEST, Scope.GPU));
        assertTrue(all.stream().noneMatch(d -> d.cause().name().startsWith("CLOCKS")), "no NVML checks without CUDA");
    }

    @Test
    void aHealthySyntheticMachineIsClear(@TempDir Path root) {
        List<Diagnosis> all = examine(DoctorTrees.write(root, DoctorTrees.Machine.healthy()), DoctorTrees.GPU, true);
        for (Cause cause : List.of(Cause.LINK_BELOW_MAXIMUM, Cause.MAX_PAYLOAD, Cause.MAX_READ_REQUEST,
                Cause.IOMMU_TRANSLATION, Cause.ACS_REDIRECT)) {
            clear(of(all, cause, Scope.GPU));
        }
        clear(of(all, Cause.CPU_GOVERNOR, Scope.HOST));
        clear(of(all, Cause.TRANSPARENT_HUGE_PAGES, Scope.HOST));
    }

    @Test
    void anX8Link(@TempDir Path root) {
        List<Diagnosis> all = examine(DoctorTrees.write(root, DoctorTrees.Machine.healthy()
                .withLink("32.0 GT/s PCIe", 8)), DoctorTrees.GPU, true);
        Finding finding = found(of(all, Cause.LINK_BELOW_MAXIMUM, Scope.GPU));
        assertEquals(Severity.HIGH, finding.severity());
        assertTrue(finding.summary().startsWith("the link trained x8 of x16"), finding.summary());
    }

    @Test
    void maxPayload128UnderARootPortAt256(@TempDir Path root) {
        List<Diagnosis> all = examine(DoctorTrees.write(root, DoctorTrees.Machine.healthy()
                .withGpuConfig(DoctorTrees.gpu(128, 4096))), DoctorTrees.GPU, true);
        Finding finding = found(of(all, Cause.MAX_PAYLOAD, Scope.GPU));
        assertEquals(Severity.MEDIUM, finding.severity());
        assertTrue(finding.evidence().stream().anyMatch(e -> e.what().equals("0000:00:01.0 (root port) MaxPayload")
                && e.value().equals("256 B") && e.where().endsWith("0000:00:01.0/config Device Control 0x48 bits 7:5")),
                finding.evidence().toString());
        assertTrue(finding.cost().isPresent());
    }

    @Test
    void iommuDmaTranslation(@TempDir Path root) {
        List<Diagnosis> all = examine(DoctorTrees.write(root, DoctorTrees.Machine.healthy().withIommu("DMA-FQ")),
                DoctorTrees.GPU, true);
        Finding finding = found(of(all, Cause.IOMMU_TRANSLATION, Scope.GPU));
        assertTrue(finding.evidence().getFirst().where().endsWith("kernel/iommu_groups/7/type"), finding.toString());
    }

    @Test
    void acsRedirectOnTheRootPort(@TempDir Path root) {
        List<Diagnosis> all = examine(DoctorTrees.write(root, DoctorTrees.Machine.healthy()
                .withPortConfig(DoctorTrees.rootPort(256, 256, 0x001d))), DoctorTrees.GPU, true);
        // One GPU: nothing to copy with, so a note.
        Finding finding = found(of(all, Cause.ACS_REDIRECT, Scope.GPU));
        assertEquals(Severity.NOTE, finding.severity());
        assertTrue(finding.evidence().getFirst().where().endsWith("0000:00:01.0/config ACS Control 0x106"),
                finding.toString());
    }

    @Test
    void powersaveAndNoHugePages(@TempDir Path root) {
        List<Diagnosis> all = examine(DoctorTrees.write(root, DoctorTrees.Machine.healthy().withGovernor("powersave")
                .withThp("always madvise [never]")), DoctorTrees.GPU, true);
        assertEquals(Severity.LOW, found(of(all, Cause.CPU_GOVERNOR, Scope.HOST)).severity());
        assertEquals(Severity.NOTE, found(of(all, Cause.TRANSPARENT_HUGE_PAGES, Scope.HOST)).severity());
    }

    @Test
    void aGpuSysfsDoesNotShowIsUnknownNotClear(@TempDir Path empty) {
        List<Diagnosis> all = examine(empty, "0000:17:00.0", true);
        for (Cause cause : List.of(Cause.LINK_BELOW_MAXIMUM, Cause.MAX_PAYLOAD, Cause.IOMMU_TRANSLATION,
                Cause.ACS_REDIRECT)) {
            assertTrue(unknown(of(all, cause, Scope.GPU)).why().startsWith("sysfs has no "), cause.toString());
        }
    }
}
