package dev.xfer.app.doctor.probe;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.doctor.DoctorGpu;
import dev.xfer.app.doctor.DoctorReport;
import dev.xfer.app.doctor.Examination;
import dev.xfer.app.doctor.NvmlEvidence;
import dev.xfer.app.doctor.ProbeFigures;
import dev.xfer.app.doctor.Reading;
import dev.xfer.app.doctor.SysfsEvidence;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.app.topo.CudaStatus;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.CudaUnavailableException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One {@code xfer doctor}: the GPUs from CUDA (or, when it is not usable, from sysfs), each probed
 * unless asked not to, then every check ({@link Examination}). NVML is not read yet: its checks
 * say unknown.
 */
public final class DoctorRun {
    /** Why the NVML checks are unknown until xfer reads NVML. */
    public static final String NO_NVML = "this xfer does not read NVML yet";
    /** Why CUDA counts as unusable when the driver answers but sees no GPU. */
    static final String NO_GPU = "CUDA is not usable here: the CUDA runtime sees no GPU (cudaGetDeviceCount: 0)";

    private final Path sysfsRoot;
    private final Function<RuntimeException, String> errorLine;
    private final NvmlEvidence nvml;

    /**
     * @param errorLine the line xfer prints for a failure, so the reason CUDA is not usable reads as
     *                  on stderr (given by the command, so this package does not reach up)
     */
    public DoctorRun(Path sysfsRoot, Function<RuntimeException, String> errorLine, NvmlEvidence nvml) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
        this.errorLine = Objects.requireNonNull(errorLine, "errorLine");
        this.nvml = Objects.requireNonNull(nvml, "nvml");
    }

    /**
     * @param probe whether to measure (false: what the machine shows only)
     * @throws CudaException when a CUDA call fails for another reason than CUDA being unusable
     *                       (an index out of range included: exit 3 by the error line's rules)
     */
    public DoctorReport run(Supplier<CudaRuntime> runtime, DeviceSelection selection, boolean probe) {
        NumaTopology numa = new NumaTopologyReader(sysfsRoot).read();
        PciDeviceReader pci = new PciDeviceReader(sysfsRoot);
        Examination examination = new Examination(new SysfsEvidence(sysfsRoot), numa, nvml);
        CudaRuntime cuda;
        List<Integer> indices;
        try {
            cuda = runtime.get();
            indices = selection.resolve(cuda::deviceCount);
            indices.forEach(cuda::device);
        } catch (CudaUnavailableException e) {
            return fromSysfs(reason(e), pci, examination);
        } catch (CudaException e) {
            if (!e.error().meansCudaUnavailable()) {
                throw e;
            }
            return fromSysfs(reason(e), pci, examination);
        }
        if (indices.isEmpty()) {
            return fromSysfs(NO_GPU, pci, examination);
        }
        List<DoctorGpu> gpus = new ArrayList<>();
        for (int index : indices) {
            CudaDevice device = cuda.device(index);
            String busId = device.pciBusId();
            PciAddress address = PciAddress.parse(busId).orElseThrow(
                    () -> new IllegalStateException("CUDA gave GPU " + index + " the bus id '" + busId + "'"));
            Optional<PciDeviceInfo> sysfs = pci.read(address);
            Optional<ProbeFigures> figures = Optional.empty();
            if (probe) {
                OptionalDouble link = sysfs.flatMap(DoctorRun::transferLink)
                        .map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());
                figures = Optional.of(new DoctorProbe(device, link).measure(numa,
                        sysfs.map(PciDeviceInfo::numaNode).orElse(OptionalInt.empty())));
            }
            gpus.add(new DoctorGpu(OptionalInt.of(index), Optional.of(device.name()), address, sysfs, figures,
                    probe ? "" : "--no-probe"));
        }
        CudaStatus status = new CudaStatus.Usable(cuda.driverVersion(), cuda.runtimeVersion(), cuda.libraryPath());
        return new DoctorReport(status, gpus, examination.examine(gpus, new CudaPeerAccess(cuda)));
    }

    /** The line xfer prints for {@code failure}, on one line and without its {@code xfer: }. */
    private String reason(RuntimeException failure) {
        String line = errorLine.apply(failure).strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return line.startsWith("xfer: ") ? line.substring("xfer: ".length()) : line;
    }

    private DoctorReport fromSysfs(String reason, PciDeviceReader pci, Examination examination) {
        CudaStatus status = new CudaStatus.Unusable(reason);
        List<DoctorGpu> gpus = pci.readNvidiaGpus().stream().map(info -> new DoctorGpu(OptionalInt.empty(),
                Optional.empty(), info.address(), Optional.of(info), Optional.empty(), "CUDA is not usable")).toList();
        return new DoctorReport(status, gpus, examination.examine(gpus, (from, to) -> Reading.unknown(
                "CUDA is not usable", "cudaDeviceCanAccessPeer")));
    }

    // The generation of the maximum (idle GPUs slow down), the width of the current state, as devices does.
    private static Optional<PcieLink> transferLink(PciDeviceInfo info) {
        if (info.currentLink().isPresent() && info.maxLink().isPresent()) {
            return Optional.of(new PcieLink(info.maxLink().get().generation(), info.currentLink().get().width()));
        }
        return info.currentLink().or(info::maxLink);
    }
}
