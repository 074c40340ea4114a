package dev.xfer.app.evidence;

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
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The probes xfer runs with: each GPU read through NVML ({@code libnvidia-ml.so.1}, found at run
 * time by {@link dev.xfer.nvml.NvmlLocator}). A machine without NVML, or a GPU NVML cannot find
 * by CUDA's PCI bus id, gets a probe that says why; neither is ever a failure.
 */
public final class NvmlProbes implements GpuProbes {

    @Override
    public GpuProbe open(Target target) {
        return switch (Nvml.open()) {
            case NvmlAvailability.Unavailable u -> new UnavailableProbe(u.reason());
            case NvmlAvailability.Available a -> device(a.nvml(), target);
        };
    }

    private static GpuProbe device(Nvml nvml, Target target) {
        NvmlDevice device;
        try {
            device = nvml.deviceByPciBusId(target.pciBusId());
            if (target.uuid().isPresent() && !target.uuid().get().equals(device.uuid())) {
                // CUDA and NVML must speak of the same GPU, or the evidence would describe another one.
                String why = "NVML's GPU at " + target.pciBusId() + " is " + device.uuid() + ", CUDA's is " + target.uuid().get();
                nvml.close();
                return new UnavailableProbe(why);
            }
        } catch (NvmlException e) {
            nvml.close();
            return new UnavailableProbe(e.getMessage());
        }
        return new NvmlProbe(nvml, device);
    }

    /** One GPU's probe; owns its NVML session (NVML counts initializations, so probes may overlap). */
    private static final class NvmlProbe implements GpuProbe {
        private final Nvml nvml;
        private final NvmlDevice device;

        NvmlProbe(Nvml nvml, NvmlDevice device) {
            this.nvml = nvml;
            this.device = device;
        }

        @Override
        public Optional<String> unavailable() {
            return Optional.empty();
        }

        @Override
        public GpuSnapshot snapshot(boolean memoryHealth) {
            Instant at = Instant.now();
            long nanos = System.nanoTime();
            Reading<dev.xfer.nvml.Clocks> clocks = read(device::clocks);
            return new GpuSnapshot(at, nanos,
                    read(device::persistenceMode),
                    clocks.map(dev.xfer.nvml.Clocks::smMhz),
                    clocks.map(dev.xfer.nvml.Clocks::memoryMhz),
                    read(() -> new ClockEvents(device.clocksEventReasons().mask())),
                    read(() -> {
                        dev.xfer.nvml.PcieLink link = device.pcieLink();
                        return new LinkState(link.generation(), link.width());
                    }),
                    read(device::pcieReplayCounter),
                    read(this::processes),
                    memoryHealth ? Optional.of(memoryHealth()) : Optional.empty());
        }

        private List<ComputeProcess> processes() {
            return device.computeProcesses().stream().map(NvmlProbe::process).toList();
        }

        private static ComputeProcess process(GpuProcess p) {
            return new ComputeProcess(p.pid(), p.name() == null || p.name().isEmpty() ? Optional.empty() : Optional.of(p.name()));
        }

        private MemoryHealth memoryHealth() {
            Reading<EccErrors> ecc = read(device::eccErrors);
            Reading<RemappedRows> rows = read(device::remappedRows);
            return new MemoryHealth(ecc.map(EccErrors::volatileCorrected), ecc.map(EccErrors::volatileUncorrected),
                    read(device::retiredPagesPending), rows.map(RemappedRows::pending),
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
            Reading<PcieThroughput> read = read(device::pcieThroughput);
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
            Reading<String> nvlink = read(() -> device.p2pStatus(o.device, P2pCapability.NVLINK).name());
            Reading<String> path = nvlink.known().filter("OK"::equals).isPresent() ? Reading.of(PeerReading.NVLINK)
                    : read(() -> device.topologyCommonAncestor(o.device).smiName());
            return new PeerReading(read(() -> device.p2pStatus(o.device, P2pCapability.READ).name()),
                    read(() -> device.p2pStatus(o.device, P2pCapability.WRITE).name()), path);
        }

        @Override
        public void close() {
            nvml.close();
        }

        @Override
        public Reading<ConfidentialComputingState> confidentialComputing() {
            // A driver before CC (r535) lacks the symbols: NVML_ERROR_FUNCTION_NOT_FOUND, read as unknown.
            return read(nvml::confidentialComputing).map(cc -> new ConfidentialComputingState(cc.enabled(),
                    cc.environment().label(), cc.devTools(), read(nvml::confidentialComputingGpusReady)));
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
