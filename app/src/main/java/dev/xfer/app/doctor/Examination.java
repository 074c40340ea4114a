package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PciHierarchy;
import dev.xfer.app.sysfs.PcieCapability;
import dev.xfer.app.sysfs.PcieLink;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Every check on the host, each GPU and each pair, from what sysfs shows, what the probe measured
 * and what NVML shows. No CUDA call here: peer access comes in as readings.
 */
public final class Examination {
    /** {@code cudaDeviceCanAccessPeer(from, to)} as read, for pairs of GPUs CUDA counts. */
    @FunctionalInterface
    public interface PeerAccess {
        Reading<Boolean> canAccess(int from, int to);
    }

    private final SysfsEvidence sysfs;
    private final NumaTopology numa;
    private final NvmlEvidence nvml;

    public Examination(SysfsEvidence sysfs, NumaTopology numa, NvmlEvidence nvml) {
        this.sysfs = Objects.requireNonNull(sysfs, "sysfs");
        this.numa = Objects.requireNonNull(numa, "numa");
        this.nvml = Objects.requireNonNull(nvml, "nvml");
    }

    public List<Diagnosis> examine(List<DoctorGpu> gpus, PeerAccess peers) {
        List<Diagnosis> diagnoses = new ArrayList<>();
        diagnoses.add(HostChecks.transparentHugePages(sysfs.transparentHugePages()));
        diagnoses.add(HostChecks.governor(sysfs.governors()));
        diagnoses.add(NvmlChecks.confidentialComputing(Scope.host(), nvml.confidentialComputing()));
        for (DoctorGpu gpu : gpus) {
            diagnoses.addAll(gpu(gpu, gpus.size() > 1));
        }
        for (DoctorGpu a : gpus) {
            for (DoctorGpu b : gpus) {
                if (a.index().isPresent() && b.index().isPresent() && a != b) {
                    diagnoses.addAll(pair(a, b, peers));
                }
            }
        }
        return diagnoses;
    }

    List<Diagnosis> gpu(DoctorGpu gpu, boolean peersHere) {
        Scope scope = gpu.scope();
        String directory = sysfs.deviceDirectory(gpu.address()).toString();
        List<Diagnosis> out = new ArrayList<>();
        if (!Files.isDirectory(sysfs.deviceDirectory(gpu.address()))) {
            // A container that hides /sys/bus/pci: absent files say nothing about the machine.
            String why = "sysfs has no " + directory + " (a container that hides /sys/bus/pci?)";
            for (Cause cause : List.of(Cause.LINK_BELOW_MAXIMUM, Cause.MAX_PAYLOAD, Cause.MAX_READ_REQUEST,
                    Cause.IOMMU_TRANSLATION, Cause.ACS_REDIRECT, Cause.REMOTE_NUMA_NODE)) {
                out.add(Diagnosis.unknown(cause, scope, why));
            }
            out.addAll(measured(gpu, scope));
            return out;
        }
        Optional<PcieLink> current = gpu.pci().flatMap(PciDeviceInfo::currentLink);
        Optional<PcieLink> max = gpu.pci().flatMap(PciDeviceInfo::maxLink);
        OptionalDouble pinned = gpu.probe().map(p -> OptionalDouble.of(p.pinnedH2d())).orElse(OptionalDouble.empty());
        out.add(LinkCheck.diagnose(scope, directory, current, max, pinned));

        Reading<PcieCapability> own = ConfigSpaceReader.pcie(ConfigSpaceReader.read(sysfs.deviceDirectory(gpu.address())));
        List<PciHierarchy.PciFunction> bridges = sysfs.bridges(gpu.address());
        Reading<Optional<PayloadCheck.Port>> upstream = bridges.isEmpty()
                ? Reading.known(Optional.empty(), directory)
                : port(bridges.getFirst());
        OptionalDouble linkGBps = max.map(m -> OptionalDouble.of(new PcieLink(m.generation(),
                current.map(PcieLink::width).orElse(m.width())).theoreticalGBps())).orElse(OptionalDouble.empty());
        out.addAll(PayloadCheck.diagnose(scope, own, upstream, linkGBps));
        out.add(IommuCheck.diagnose(scope, sysfs.iommuGroupType(gpu.address())));
        out.add(AcsCheck.diagnose(scope, bridges.stream().map(b -> new AcsCheck.Port(b.address().sysfsName(),
                ConfigSpaceReader.acs(ConfigSpaceReader.read(b.directory())))).toList(), peersHere));

        OptionalInt node = gpu.pci().map(PciDeviceInfo::numaNode).orElse(OptionalInt.empty());
        out.add(NumaCheck.diagnose(scope, numa.assumed() ? 1 : numa.nodes().size(), node, directory + "/numa_node",
                gpu.probe().flatMap(ProbeFigures::nearFar), gpu.notProbed()));
        out.addAll(measured(gpu, scope));
        return out;
    }

    /** The checks of the probe's figures and of NVML's readings. */
    private List<Diagnosis> measured(DoctorGpu gpu, Scope scope) {
        List<Diagnosis> out = new ArrayList<>();
        gpu.probe().ifPresent(p -> {
            out.add(ProbeChecks.pageable(scope, p.pageableH2d(), p.pinnedH2d(), p.stagedH2d(),
                    "doctor's probe, " + p.how()));
            if (p.hostCopies().isPresent() && p.slotsDma().isPresent()) {
                out.add(ProbeChecks.hostMemcpy(scope, p.hostCopies().getAsDouble(), p.slotsDma().getAsDouble(),
                        "doctor's probe, staged path's ceilings, " + p.how()));
            }
            out.add(ProbeChecks.writeCombinedRead(scope, p.hostReads()));
        });
        if (gpu.index().isPresent()) {
            out.addAll(NvmlChecks.diagnose(scope, gpu.index().getAsInt(), nvml, gpu.firstCalls()));
        }
        return out;
    }

    private static Reading<Optional<PayloadCheck.Port>> port(PciHierarchy.PciFunction bridge) {
        Reading<PcieCapability> capability = ConfigSpaceReader.pcie(ConfigSpaceReader.read(bridge.directory()));
        return switch (capability) {
            case Reading.Unknown<PcieCapability> u -> Reading.unknown(u.why(), u.where());
            case Reading.Known<PcieCapability> k -> Reading.known(Optional.of(new PayloadCheck.Port(
                    bridge.address().sysfsName() + " (" + k.value().portTypeName() + ")", k.value(), k.where())),
                    k.where());
        };
    }

    List<Diagnosis> pair(DoctorGpu a, DoctorGpu b, PeerAccess peers) {
        int from = a.index().getAsInt();
        int to = b.index().getAsInt();
        Scope pair = Scope.pair(from, to);
        List<Diagnosis> out = new ArrayList<>();
        Reading<Boolean> canAccess = peers.canAccess(from, to);
        out.add(PeerChecks.access(pair, from, to, canAccess));
        PciHierarchy hierarchy = sysfs.hierarchy();
        PeerChecks.Path path = PeerPaths.between(names(hierarchy.upstream(a.address())),
                hierarchy.hostBridge(a.address()), names(hierarchy.upstream(b.address())),
                hierarchy.hostBridge(b.address()));
        Reading<String> ancestor = nvml.commonAncestor(from, to);
        out.add(PeerChecks.path(pair, path, sysfs.deviceDirectory(a.address()) + " and "
                + sysfs.deviceDirectory(b.address()) + ", resolved", ancestor));
        out.add(NvmlChecks.peerStatus(pair, nvml.peerStatus(from, to), ancestor, canAccess));
        return out;
    }

    private static List<String> names(List<PciHierarchy.PciFunction> bridges) {
        return bridges.stream().map(b -> b.address().sysfsName()).toList();
    }
}
