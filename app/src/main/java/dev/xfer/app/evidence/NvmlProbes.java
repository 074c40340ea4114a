package dev.xfer.app.evidence;

import dev.xfer.nvml.EccErrors;
import dev.xfer.nvml.GpuProcess;
import dev.xfer.nvml.Nvml;
import dev.xfer.nvml.NvmlAvailability;
import dev.xfer.nvml.NvmlDevice;
import dev.xfer.nvml.NvmlException;
import dev.xfer.nvml.P2pCapability;
import dev.xfer.nvml.PcieByteCounters;
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
        /** Whether the cumulative byte counters answered; if not, the sampler reads NVML's throughput. */
        private final boolean byteCounters;

        NvmlProbe(Nvml nvml, NvmlDevice device) {
            this.nvml = nvml;
            this.device = device;
            this.byteCounters = read(device::pcieByteCounters).known().isPresent();
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
         * Synchronized, and timed when the read returns: the sampler thread and the measuring
         * thread both read the counters, and a sample stamped before a read that another thread's
         * read overtakes would put a later counter value at an earlier time, which looks like a
         * counter going back (seen on an H100 while another process copied at 50 GB/s).
         */
        @Override
        public synchronized Reading<LinkSample> linkSample() {
            if (byteCounters) {
                // NVML's rx is what the GPU received (host to device), tx what it sent.
                Reading<PcieByteCounters> read = read(device::pcieByteCounters);
                long nanos = System.nanoTime();
                return read.map((PcieByteCounters c) -> LinkSample.bytes(nanos, c.rxBytes(), c.txBytes()));
            }
            Reading<PcieThroughput> read = read(device::pcieThroughput);
            long nanos = System.nanoTime();
            return read.map((PcieThroughput t) -> LinkSample.throughput(nanos, t.rxKilobytesPerSecond(), t.txKilobytesPerSecond()));
        }

        @Override
        public PeerReading peer(GpuProbe other) {
            if (!(other instanceof NvmlProbe o)) {
                return GpuProbe.super.peer(other);
            }
            return new PeerReading(read(() -> device.p2pStatus(o.device, P2pCapability.READ).name()),
                    read(() -> device.p2pStatus(o.device, P2pCapability.WRITE).name()),
                    read(() -> device.topologyCommonAncestor(o.device).smiName()));
        }

        @Override
        public void close() {
            nvml.close();
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
