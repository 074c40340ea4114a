package dev.xfer.app.doctor.probe;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.doctor.DoctorGpu;
import dev.xfer.app.doctor.DoctorReport;
import dev.xfer.app.doctor.Examination;
import dev.xfer.app.doctor.FirstCalls;
import dev.xfer.app.doctor.NvmlEvidence;
import dev.xfer.app.doctor.ProbeFigures;
import dev.xfer.app.doctor.NvmlReadings;
import dev.xfer.app.evidence.GpuProbe;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.LinkSample;
import dev.xfer.app.evidence.PeerReading;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One {@code xfer doctor}: the GPUs from CUDA (or, when it is not usable, from sysfs), each probed
 * unless asked not to, then every check ({@link Examination}). NVML is read through the
 * evidence package's probes ({@link GpuProbes}, chosen by Main): a snapshot before and after each
 * GPU's probe, an idle window for foreign link traffic, and each pair's peer status.
 */
public final class DoctorRun {
    /** How long doctor samples the link while it moves nothing: long enough for NVML's counters to tick. */
    static final long IDLE_WINDOW_MILLIS = 250;
    /** Why CUDA counts as unusable when the driver answers but sees no GPU. */
    static final String NO_GPU = "CUDA is not usable here: the CUDA runtime sees no GPU (cudaGetDeviceCount: 0)";

    private final Path sysfsRoot;
    private final Function<RuntimeException, String> errorLine;
    private final GpuProbes probes;

    /**
     * @param errorLine the line xfer prints for a failure, so the reason CUDA is not usable reads as
     *                  on stderr (given by the command, so this package does not reach up)
     */
    public DoctorRun(Path sysfsRoot, Function<RuntimeException, String> errorLine, GpuProbes probes) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
        this.errorLine = Objects.requireNonNull(errorLine, "errorLine");
        this.probes = Objects.requireNonNull(probes, "probes");
    }

    /**
     * @param probe whether to measure (false: what the machine shows only)
     * @throws CudaException when a CUDA call fails for another reason than CUDA being unusable
     *                       (an index out of range included: exit 3 by the error line's rules)
     */
    public DoctorReport run(Supplier<CudaRuntime> runtime, DeviceSelection selection, boolean probe) {
        NumaTopology numa = new NumaTopologyReader(sysfsRoot).read();
        PciDeviceReader pci = new PciDeviceReader(sysfsRoot);
        // Without CUDA no GPU has an index, and the NVML checks run only for GPUs CUDA counts.
        Examination examination = new Examination(new SysfsEvidence(sysfsRoot), numa,
                NvmlEvidence.unavailable("CUDA is not usable"));
        CudaRuntime cuda;
        List<Integer> indices;
        double driverSeconds;
        try {
            cuda = runtime.get();
            // The process's first call that reaches the driver, timed: with persistence mode off it
            // initialises the GPUs no process holds (loading the library above reaches no driver).
            long start = System.nanoTime();
            int count = cuda.deviceCount();
            driverSeconds = (System.nanoTime() - start) / 1e9;
            indices = selection.resolve(() -> count);
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
        Map<Integer, GpuProbe> opened = new LinkedHashMap<>();
        Map<Integer, NvmlReadings.Gpu> readings = new LinkedHashMap<>();
        try {
            for (int index : indices) {
                CudaDevice device = cuda.device(index);
                PciAddress address = address(device, index);
                GpuProbe nvml = probes.open(new GpuProbes.Target(index, address.sysfsName(), Optional.of(device.uuid())));
                opened.put(index, nvml);
                GpuSnapshot before = nvml.snapshot(false);
                Reading<Double> idle = idleTraffic(nvml);
                gpus.add(gpu(device, address, pci, numa, probe, driverSeconds));
                readings.put(index, new NvmlReadings.Gpu(before, nvml.snapshot(false), idle, IDLE_WINDOW_MILLIS));
            }
            Map<List<Integer>, PeerReading> peers = new LinkedHashMap<>();
            opened.forEach((from, a) -> opened.forEach((to, b) -> {
                if (!from.equals(to)) {
                    peers.put(List.of(from, to), a.peer(b));
                }
            }));
            CudaStatus status = new CudaStatus.Usable(cuda.driverVersion(), cuda.runtimeVersion(), cuda.libraryPath());
            // System-wide: any GPU's probe reads the same state, so the first one's is the host's.
            Reading<ConfidentialComputingState> cc = opened.values().iterator().next().confidentialComputing();
            Examination measured = new Examination(new SysfsEvidence(sysfsRoot), numa,
                    new NvmlReadings(readings, peers, ProcessHandle.current().pid(), cc));
            return new DoctorReport(status, gpus, measured.examine(gpus, new CudaPeerAccess(cuda)));
        } finally {
            opened.values().forEach(GpuProbe::close);
        }
    }

    /** The link's traffic over an idle window: doctor moves nothing, so all of it is someone else's. */
    private static Reading<Double> idleTraffic(GpuProbe nvml) {
        Reading<LinkSample> first = nvml.linkSample();
        if (first instanceof Reading.Unknown<LinkSample> u) {
            return Reading.unknown(u.why());
        }
        try {
            Thread.sleep(IDLE_WINDOW_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reading.unknown("interrupted during the idle window");
        }
        return switch (nvml.linkSample()) {
            case Reading.Unknown<LinkSample> u -> Reading.unknown(u.why());
            case Reading.Known<LinkSample> last -> first.known().orElseThrow().gigabytesPerSecondUntil(last.value())
                    .<Reading<Double>>map(Reading::of)
                    .orElseGet(() -> Reading.unknown("the PCIe counters went back during the idle window"));
        };
    }

    private static PciAddress address(CudaDevice device, int index) {
        String busId = device.pciBusId();
        return PciAddress.parse(busId).orElseThrow(
                () -> new IllegalStateException("CUDA gave GPU " + index + " the bus id '" + busId + "'"));
    }

    /**
     * One GPU as sysfs shows it, probed unless asked not to. Probing starts with the GPU's first call
     * that needs its context, timed (nothing before it creates one: the bus id, name and UUID do not).
     */
    private static DoctorGpu gpu(CudaDevice device, PciAddress address, PciDeviceReader pci, NumaTopology numa,
                                 boolean probe, double driverSeconds) {
        Optional<PciDeviceInfo> sysfs = pci.read(address);
        Optional<ProbeFigures> figures = Optional.empty();
        OptionalDouble contextSeconds = OptionalDouble.empty();
        if (probe) {
            long start = System.nanoTime();
            device.synchronize();
            contextSeconds = OptionalDouble.of((System.nanoTime() - start) / 1e9);
            OptionalDouble link = sysfs.flatMap(DoctorRun::transferLink)
                    .map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());
            figures = Optional.of(new DoctorProbe(device, link).measure(numa,
                    sysfs.map(PciDeviceInfo::numaNode).orElse(OptionalInt.empty())));
        }
        return new DoctorGpu(OptionalInt.of(device.index()), Optional.of(device.name()), address, sysfs, figures,
                probe ? "" : "--no-probe", Optional.of(new FirstCalls(driverSeconds, contextSeconds)));
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
