package dev.xfer.app.evidence;

import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.nvml.EccErrors;
import dev.xfer.nvml.GpuProcess;
import dev.xfer.nvml.Nvml;
import dev.xfer.nvml.NvmlAvailability;
import dev.xfer.nvml.NvmlDevice;
import dev.xfer.nvml.NvmlException;
import dev.xfer.nvml.P2pCapability;
import dev.xfer.nvml.PcieThroughput;
import dev.xfer.nvml.RemappedRows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The probes xfer runs with: each GPU read through NVML ({@code libnvidia-ml.so.1}, found at run
 * time by {@link dev.xfer.nvml.NvmlLocator}). A machine without NVML, or a GPU NVML cannot find
 * by CUDA's PCI bus id, gets a probe that says why; neither is ever a failure.
 */
public final class NvmlProbes implements GpuProbes {

    @Override
    public GpuProbe open(Target target) {
        CallTimes times = new CallTimes();
        return switch (times.time("nvmlInit_v2", Nvml::open)) {
            case NvmlAvailability.Unavailable u -> new UnavailableProbe(u.reason());
            case NvmlAvailability.Available a -> device(a.nvml(), target, times);
        };
    }

    private static GpuProbe device(Nvml nvml, Target target, CallTimes times) {
        NvmlDevice device;
        String uuid;
        try {
            device = times.time("nvmlDeviceGetHandleByPciBusId_v2, nvmlDeviceGetUUID",
                    () -> nvml.deviceByPciBusId(target.pciBusId()));
            uuid = device.uuid();
            if (target.uuid().isPresent() && !target.uuid().get().equals(uuid)) {
                // CUDA and NVML must speak of the same GPU, or the evidence would describe another one.
                String why = "NVML's GPU at " + target.pciBusId() + " is " + uuid + ", CUDA's is " + target.uuid().get();
                nvml.close();
                return new UnavailableProbe(why);
            }
        } catch (NvmlException e) {
            nvml.close();
            return new UnavailableProbe(e.getMessage());
        }
        return new NvmlProbe(nvml, device, times, target.pciBusId(), uuid);
    }

    /**
     * NVML opened and its GPUs listed, started at once on a thread of its own (Main does so for a
     * command that measures, before picocli builds its model of the commands, about 0.3 s): the
     * first {@link #openBeforeCuda} takes it, so its probe reads from its first moment instead of
     * after NVML's opening, which runs slower beside CUDA's start (150 ms on an H200, 20 alone).
     * One nobody takes stays open until the process ends.
     */
    public static NvmlProbes warmingUp() {
        CompletableFuture<Optional<Listed>> listing = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).name("xfer-nvml-open").start(() -> listing.complete(opened(Optional.empty())));
        return new NvmlProbes(listing);
    }

    /** The opening started by {@link #warmingUp}, until the first probe takes it; null when none. */
    private final AtomicReference<CompletableFuture<Optional<Listed>>> warm;
    /**
     * What the first listing said of the GPUs: a process's GPUs do not change, so a later probe
     * (another GPU of the run) opens NVML and takes its one handle instead of listing every GPU
     * again, which made n probes cost n * n name, UUID and PCI reads. Null until a listing succeeds.
     */
    private final AtomicReference<Catalog> catalog = new AtomicReference<>();

    public NvmlProbes() {
        this(null);
    }

    private NvmlProbes(CompletableFuture<Optional<Listed>> warm) {
        this.warm = new AtomicReference<>(warm);
    }

    /** An NVML session, its GPUs in NVML's order, and its calls so far. */
    private record Listed(Nvml nvml, IntFunction<NvmlDevice> handle, Catalog catalog, CallTimes times) {
    }

    /** The GPUs NVML lists, in its order: their names and UUIDs (for {@link CudaOrder}) and PCI bus ids. */
    private record Catalog(List<CudaOrder.NvmlGpu> gpus, List<String> busIds) {
    }

    /**
     * NVML opened, and its GPUs: every GPU listed (name, UUID, PCI bus id) where no listing is
     * {@code known} yet, else the known listing, the one handle read when its index is known;
     * empty where NVML is missing or refuses.
     */
    private static Optional<Listed> opened(Optional<Catalog> known) {
        CallTimes times = new CallTimes();
        if (!(times.time("nvmlInit_v2", Nvml::open) instanceof NvmlAvailability.Available available)) {
            return Optional.empty();
        }
        Nvml nvml = available.nvml();
        if (known.isPresent()) {
            return Optional.of(new Listed(nvml, i -> times.time("nvmlDeviceGetHandleByIndex_v2", () -> nvml.device(i)),
                    known.get(), times));
        }
        try {
            List<NvmlDevice> devices = times.time("nvmlDeviceGetCount_v2, ...GetHandleByIndex_v2", () -> {
                List<NvmlDevice> all = new ArrayList<>();
                int count = nvml.deviceCount();
                for (int i = 0; i < count; i++) {
                    all.add(nvml.device(i));
                }
                return all;
            });
            List<CudaOrder.NvmlGpu> gpus = times.time("nvmlDeviceGetName, nvmlDeviceGetUUID",
                    () -> devices.stream().map(d -> new CudaOrder.NvmlGpu(d.name(), d.uuid())).toList());
            List<String> busIds = times.time("nvmlDeviceGetPciInfo_v3",
                    () -> devices.stream().map(d -> d.pciInfo().busId()).toList());
            return Optional.of(new Listed(nvml, devices::get, new Catalog(gpus, busIds), times));
        } catch (NvmlException e) {
            nvml.close();
            return Optional.empty();
        }
    }

    /**
     * NVML opened and the GPU CUDA will call {@code cudaIndex} found by {@link CudaOrder}'s guess
     * from NVML's list and CUDA's environment; empty (NVML closed again) where NVML is missing or
     * the guess cannot be made. Its PCI bus id and UUID are read with the list, so
     * {@link GpuProbe#isOf} costs no NVML call when CUDA names the GPU. The first call takes the
     * session {@link #warmingUp} opened; later ones (other GPUs) open their own.
     */
    @Override
    public Optional<GpuProbe> openBeforeCuda(int cudaIndex) {
        CompletableFuture<Optional<Listed>> early = warm.getAndSet(null);
        Optional<Listed> listed = early != null ? early.join() : opened(Optional.ofNullable(catalog.get()));
        if (listed.isEmpty()) {
            return Optional.empty();
        }
        Listed l = listed.get();
        catalog.compareAndSet(null, l.catalog());
        OptionalInt index = CudaOrder.nvmlIndex(cudaIndex, env("CUDA_VISIBLE_DEVICES"), env("CUDA_DEVICE_ORDER"),
                l.catalog().gpus());
        if (index.isEmpty()) {
            l.nvml().close();
            return Optional.empty();
        }
        int i = index.getAsInt();
        try {
            return Optional.of(new NvmlProbe(l.nvml(), l.handle().apply(i), l.times(), l.catalog().busIds().get(i),
                    l.catalog().gpus().get(i).uuid()));
        } catch (NvmlException e) {
            l.nvml().close();
            return Optional.empty();
        }
    }

    private static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name));
    }

    /** One GPU's probe; owns its NVML session (NVML counts initializations, so probes may overlap). */
    private static final class NvmlProbe implements GpuProbe {
        private final Nvml nvml;
        private final NvmlDevice device;
        /** Every NVML call this probe made, timed: what the evidence cost (docs/evidence.md). */
        private final CallTimes times;
        /** Which GPU this is, as NVML said when the probe opened: CUDA's bus id and UUID are held to it. */
        private final String busId;
        private final String uuid;

        NvmlProbe(Nvml nvml, NvmlDevice device, CallTimes times, String busId, String uuid) {
            this.nvml = nvml;
            this.device = device;
            this.times = times;
            this.busId = busId;
            this.uuid = uuid;
        }

        @Override
        public boolean isOf(Target target) {
            Optional<PciAddress> mine = PciAddress.parse(busId);
            return mine.isPresent() && mine.equals(PciAddress.parse(target.pciBusId()))
                    && target.uuid().map(uuid::equals).orElse(true);
        }

        @Override
        public List<CallTimes.Call> calls() {
            return times.calls();
        }

        /** A timed read: see {@link NvmlProbes#read}. */
        private <T> Reading<T> read(String call, Supplier<T> reader) {
            return times.time(call, () -> NvmlProbes.read(reader));
        }

        @Override
        public Optional<String> unavailable() {
            return Optional.empty();
        }

        @Override
        public GpuSnapshot snapshot(boolean memoryHealth) {
            Instant at = Instant.now();
            long nanos = System.nanoTime();
            Reading<dev.xfer.nvml.Clocks> clocks = read("nvmlDeviceGetClockInfo (SM, memory)", device::clocks);
            return new GpuSnapshot(at, nanos,
                    read("nvmlDeviceGetPersistenceMode", device::persistenceMode),
                    clocks.map(dev.xfer.nvml.Clocks::smMhz),
                    clocks.map(dev.xfer.nvml.Clocks::memoryMhz),
                    read("nvmlDeviceGetCurrentClocksEventReasons",
                            () -> new ClockEvents(device.clocksEventReasons().mask())),
                    read("nvmlDeviceGetCurrPcieLinkGeneration, ...Width", () -> {
                        dev.xfer.nvml.PcieLink link = device.pcieLink();
                        return new LinkState(link.generation(), link.width());
                    }),
                    read("nvmlDeviceGetPcieReplayCounter", device::pcieReplayCounter),
                    read("nvmlDeviceGetComputeRunningProcesses_v3, nvmlSystemGetProcessName", this::processes),
                    memoryHealth ? Optional.of(memoryHealth()) : Optional.empty());
        }

        private List<ComputeProcess> processes() {
            return device.computeProcesses().stream().map(NvmlProbe::process).toList();
        }

        private static ComputeProcess process(GpuProcess p) {
            return new ComputeProcess(p.pid(), p.name() == null || p.name().isEmpty() ? Optional.empty() : Optional.of(p.name()));
        }

        private MemoryHealth memoryHealth() {
            Reading<EccErrors> ecc = read("nvmlDeviceGetTotalEccErrors (corrected, uncorrected)", device::eccErrors);
            Reading<RemappedRows> rows = read("nvmlDeviceGetRemappedRows", device::remappedRows);
            return new MemoryHealth(ecc.map(EccErrors::volatileCorrected), ecc.map(EccErrors::volatileUncorrected),
                    read("nvmlDeviceGetRetiredPagesPendingStatus", device::retiredPagesPending),
                    rows.map(RemappedRows::pending),
                    rows.map(RemappedRows::failureOccurred));
        }

        /**
         * NVML's PCIe throughput (KB/s, the driver's average over about 20 ms), not its cumulative
         * byte counters: on an H100 while another process copied at about 50 GB/s, two readings of
         * the counters 50 to 250 ms apart went back (a 32-bit counter wraps every 70 ms at that
         * rate), so a window's bytes could not be told; the rates can. Synchronized, and timed when
         * the read returns, so the sampler's and the measuring thread's samples stay in order.
         */
        @Override
        public synchronized Reading<LinkSample> linkSample() {
            // Two calls (rx, tx), each of which the driver documents as counting over about 20 ms.
            Reading<PcieThroughput> read = read("nvmlDeviceGetPcieThroughput (rx, tx)", device::pcieThroughput);
            long nanos = System.nanoTime();
            // NVML's rx is what the GPU received (host to device), tx what it sent.
            return read.map((PcieThroughput t) -> LinkSample.throughput(nanos, t.rxKilobytesPerSecond(), t.txKilobytesPerSecond()));
        }

        @Override
        public PeerReading peer(GpuProbe other) {
            if (!(other instanceof NvmlProbe o)) {
                return GpuProbe.super.peer(other);
            }
            // The path peer copies take: NVLink where NVML's NVLink P2P status is OK (nvidia-smi topo -m's
            // NV#), else where the two meet in the PCIe tree (PIX, PHB, SYS, ...).
            Reading<String> nvlink = NvmlProbes.read(() -> device.p2pStatus(o.device, P2pCapability.NVLINK).name());
            Reading<String> path = nvlink.known().filter("OK"::equals).isPresent() ? Reading.of(PeerReading.NVLINK)
                    : NvmlProbes.read(() -> device.topologyCommonAncestor(o.device).smiName());
            return new PeerReading(NvmlProbes.read(() -> device.p2pStatus(o.device, P2pCapability.READ).name()),
                    NvmlProbes.read(() -> device.p2pStatus(o.device, P2pCapability.WRITE).name()), path);
        }

        @Override
        public void close() {
            times.time("nvmlShutdown", () -> {
                nvml.close();
                return null;
            });
        }

        @Override
        public Reading<ConfidentialComputingState> confidentialComputing() {
            // A driver before CC (r535) lacks the symbols: NVML_ERROR_FUNCTION_NOT_FOUND, read as unknown.
            return read("nvmlSystemGetConfComputeState", nvml::confidentialComputing).map(cc -> new ConfidentialComputingState(
                    cc.enabled(), cc.environment().label(), cc.devTools(),
                    read("nvmlSystemGetConfComputeGpusReadyState", nvml::confidentialComputingGpusReady)));
        }
    }

    /** A reading NVML refused (not supported, no permission, a lost GPU) is evidence {@code unknown: <why>}. */
    private static <T> Reading<T> read(Supplier<T> reader) {
        try {
            return Reading.of(reader.get());
        } catch (NvmlException e) {
            return Reading.unknown(e.getMessage());
        }
    }
}
