package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.topo.CudaStatus;
import dev.xfer.cuda.CudaVersion;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/** Fixed doctor reports, for rendering tests and the golden document. Public: the command's tests use them. */
public final class DoctorFixtures {
    private static final Scope GPU0 = Scope.gpu(0, "0000:01:00.0");

    private DoctorFixtures() {
    }

    private static DoctorGpu gpu() {
        return new DoctorGpu(OptionalInt.of(0), Optional.of("NVIDIA H100 80GB HBM3"),
                PciAddress.parse("0000:01:00.0").orElseThrow(), Optional.empty(),
                Optional.of(new ProbeFigures(53.9, 13.8, OptionalDouble.of(49.6), OptionalDouble.of(78.2),
                        OptionalDouble.of(52.4), Optional.empty(), "64 MiB h2d", 1.24,
                        Reading.known(new HostReads(0.4, 19.8), "16 MiB host memcpy"))), "");
    }

    static CudaStatus cuda() {
        return new CudaStatus.Usable(new CudaVersion(13000), new CudaVersion(13000),
                Path.of("/usr/local/cuda/lib64/libcudart.so.13"));
    }

    /** A machine with an x8 link, MaxPayload 128 under a root port at 256, the IOMMU translating, pageable as a note. */
    public static DoctorReport degraded() {
        List<Diagnosis> diagnoses = new ArrayList<>();
        diagnoses.add(new Diagnosis.Found(new Finding(Cause.MAX_PAYLOAD, GPU0, Severity.MEDIUM,
                "MaxPayload 128 B where both ends support 256 B: about 8% of the link goes to packet headers (24 B a"
                        + " packet)",
                List.of(new Evidence("GPU MaxPayload", "128 B",
                                "/sys/bus/pci/devices/0000:01:00.0/config Device Control 0x68 bits 7:5"),
                        new Evidence("0000:00:01.0 (root port) MaxPayload", "256 B",
                                "/sys/bus/pci/devices/0000:00:01.0/config Device Control 0x48 bits 7:5")),
                Optional.of(new Cost(2.43, Cost.ESTIMATED)), "boot with pci=pcie_bus_perf")));
        diagnoses.add(new Diagnosis.Found(new Finding(Cause.LINK_BELOW_MAXIMUM, GPU0, Severity.HIGH,
                "the link trained x8 of x16: 31.5 GB/s of 63.0 GB/s per direction at most",
                List.of(new Evidence("current link", "Gen5 x8",
                        "/sys/bus/pci/devices/0000:01:00.0/current_link_speed, current_link_width")),
                Optional.of(new Cost(31.5, Cost.THEORETICAL)), "reseat the GPU")));
        diagnoses.add(new Diagnosis.Found(new Finding(Cause.IOMMU_TRANSLATION, GPU0, Severity.MEDIUM,
                "the IOMMU translates this GPU's DMA (DMA-FQ)",
                List.of(new Evidence("IOMMU group type", "DMA-FQ", "/sys/kernel/iommu_groups/7/type")),
                Optional.empty(), "boot with iommu=pt")));
        diagnoses.add(ProbeChecks.pageable(GPU0, 13.8, 53.9, OptionalDouble.of(49.6), "doctor's probe, 64 MiB h2d"));
        diagnoses.add(Diagnosis.clear(Cause.TRANSPARENT_HUGE_PAGES, Scope.host(), "transparent huge pages: madvise",
                new Evidence("transparent huge pages", "madvise", "/sys/kernel/mm/transparent_hugepage/enabled")));
        diagnoses.add(Diagnosis.unknown(Cause.CPU_GOVERNOR, Scope.host(), "no CPU has a readable"
                + " cpufreq/scaling_governor under /sys/devices/system/cpu (a VM, or no cpufreq driver)"));
        return new DoctorReport(cuda(), List.of(gpu()), diagnoses);
    }

    /** One finding of every cause (a note where the cause has one), to render each. */
    public static DoctorReport everyCause() {
        List<Diagnosis> diagnoses = new ArrayList<>();
        int i = 0;
        for (Cause cause : Cause.values()) {
            Severity severity = Severity.values()[i++ % Severity.values().length];
            Scope scope = cause.name().startsWith("PEER") ? Scope.pair(0, 1) : GPU0;
            diagnoses.add(new Diagnosis.Found(new Finding(cause, scope, severity, cause.id() + " summary",
                    List.of(new Evidence(cause.id() + " value", "1", "where " + cause.id())),
                    i % 2 == 0 ? Optional.of(new Cost(i, Cost.MEASURED)) : Optional.empty(), cause.id() + " remedy")));
        }
        return new DoctorReport(cuda(), List.of(gpu()), diagnoses);
    }
}
