package dev.xfer.nvml;

import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs an NVIDIA GPU with its driver's libnvidia-ml: opens NVML, finds CUDA's device 0 by the
 * PCI bus id CUDA reports, and reads every item the evidence uses. This test's own CUDA context
 * and copies make some readings predictable: the process list holds a context, and the byte
 * counters see the bytes copied.
 */
@Tag("gpu")
class NvmlOnGpuTest {
    private static final long COPY_BYTES = 256L << 20;

    private static CudaDevice cuda;
    private static DeviceBuffer deviceBuffer;
    private static HostBuffer hostBuffer;
    private static Nvml nvml;
    private static NvmlDevice gpu;

    @BeforeAll
    static void open() {
        cuda = CudaRuntime.load(Optional.empty()).device(0);
        cuda.makeCurrent();
        // Holds a context on the GPU for the whole class, as a measuring xfer does.
        deviceBuffer = DeviceBuffer.allocate(cuda, COPY_BYTES);
        hostBuffer = HostMemoryKind.PINNED.allocate(COPY_BYTES);
        switch (Nvml.open()) {
            case NvmlAvailability.Available available -> nvml = available.nvml();
            case NvmlAvailability.Unavailable unavailable -> fail("NVML on a GPU machine: " + unavailable);
        }
        gpu = nvml.deviceByPciBusId(cuda.pciBusId());
    }

    @AfterAll
    static void close() {
        if (nvml != null) {
            nvml.close();
            assertFalse(nvml.isOpen());
            assertDoesNotThrow(nvml::close, "closing twice does nothing");
        }
        if (hostBuffer != null) {
            hostBuffer.close();
        }
        if (deviceBuffer != null) {
            deviceBuffer.close();
        }
    }

    @Test
    void theSessionAndTheDeviceCudaNamesAreNvmls() {
        assertTrue(nvml.driverVersion().matches("\\d+\\.\\d+(\\.\\d+)?"), nvml.driverVersion());
        assertTrue(nvml.nvmlVersion().contains(nvml.driverVersion()), nvml.nvmlVersion() + " vs " + nvml.driverVersion());
        assertTrue(nvml.libraryPath().getFileName().toString().startsWith("libnvidia-ml.so"), nvml.libraryPath().toString());
        assertTrue(nvml.deviceCount() >= 1);
        assertNotNull(nvml.device(0));

        assertEquals(cuda.uuid().toLowerCase(Locale.ROOT), gpu.uuid().toLowerCase(Locale.ROOT));
        assertEquals(cuda.name(), gpu.name());
        PciInfo pci = gpu.pciInfo();
        assertEquals(busIdTail(cuda.pciBusId()), busIdTail(pci.busId()), cuda.pciBusId() + " vs " + pci.busId());
        assertEquals(0x10de, pci.pciDeviceId() & 0xffff, "NVIDIA's vendor id: " + Integer.toHexString(pci.pciDeviceId()));
    }

    /** bus:device.function in lower case: CUDA writes a four-digit domain where NVML writes eight. */
    private static String busIdTail(String busId) {
        return busId.substring(busId.indexOf(':') + 1).toLowerCase(Locale.ROOT);
    }

    @Test
    void clocksAndTheirReasons() {
        assertDoesNotThrow(gpu::persistenceMode);
        Clocks now = gpu.clocks();
        Clocks max = gpu.maxClocks();
        assertTrue(now.smMhz() > 0 && now.memoryMhz() > 0, now.toString());
        assertTrue(max.smMhz() >= 500 && max.memoryMhz() >= 500, max.toString());
        assertTrue(now.smMhz() <= max.smMhz() && now.memoryMhz() <= max.memoryMhz(), now + " within " + max);
        ClocksEventReasons reasons = gpu.clocksEventReasons();
        assertFalse(reasons.toString().isEmpty());
        assertEquals(reasons.mask(), reasons.reasons().stream().mapToLong(ClocksEventReason::bit)
                .reduce(0, (a, b) -> a | b) | reasons.unnamedBits());
    }

    @Test
    void thePcieLink() {
        PcieLink link = gpu.pcieLink();
        PcieLink max = gpu.maxPcieLink();
        Set<Integer> widths = Set.of(1, 2, 4, 8, 12, 16, 32);
        assertTrue(link.generation() >= 1 && link.generation() <= 6, link.toString());
        assertTrue(widths.contains(link.width()), link.toString());
        assertTrue(widths.contains(max.width()), max.toString());
        assertTrue(link.generation() <= max.generation() && link.width() <= max.width(), link + " within " + max);
        assertTrue(gpu.gpuMaxPcieLinkGeneration() >= max.generation(),
                "the GPU's own maximum " + gpu.gpuMaxPcieLinkGeneration() + " bounds the slot's " + max);
        assertTrue(gpu.pcieReplayCounter() >= 0);
        PcieThroughput throughput = gpu.pcieThroughput();
        assertTrue(throughput.txKilobytesPerSecond() >= 0 && throughput.rxKilobytesPerSecond() >= 0, throughput.toString());
    }

    @Test
    void theByteCountersSeeTheBytesThisTestCopies() {
        PcieByteCounters before = gpu.pcieByteCounters();
        Memcpy.copy(deviceBuffer.address(), hostBuffer.segment(), COPY_BYTES, CopyKind.HOST_TO_DEVICE);
        PcieByteCounters afterHostToDevice = gpu.pcieByteCounters();
        Memcpy.copy(hostBuffer.segment(), deviceBuffer.address(), COPY_BYTES, CopyKind.DEVICE_TO_HOST);
        PcieByteCounters afterDeviceToHost = gpu.pcieByteCounters();
        // Received by the GPU is host to device; sent is device to host. Protocol overhead only adds.
        long received = afterHostToDevice.rxBytesSince(before);
        long sent = afterDeviceToHost.txBytesSince(afterHostToDevice);
        assertTrue(received >= COPY_BYTES * 95 / 100, "rx " + received + " bytes for a " + COPY_BYTES + "-byte H2D copy");
        assertTrue(sent >= COPY_BYTES * 95 / 100, "tx " + sent + " bytes for a " + COPY_BYTES + "-byte D2H copy");
        assertTrue(afterDeviceToHost.timestampMicros() >= before.timestampMicros());
    }

    @Test
    void thisProcessHoldsAContext() {
        List<GpuProcess> processes = gpu.computeProcesses();
        assertFalse(processes.isEmpty(), "this test's own context is on the GPU");
        long self = ProcessHandle.current().pid();
        // Inside a pid namespace NVML reports the host's pids, so this process may not be found by pid.
        processes.stream().filter(p -> p.pid() == self).findFirst().ifPresent(me -> {
            assertTrue(me.name().contains("java"), "this process's name: " + me.name());
            assertTrue(me.usedMemoryBytes().orElse(COPY_BYTES) >= COPY_BYTES, me.usedMemoryBytes().toString());
        });
        assertEquals("", nvml.processName(Integer.MAX_VALUE), "no such process: an empty name, no exception");
    }

    @Test
    void memoryHealthIsReadOrNotSupported() {
        supportedOrNot(gpu::eccErrors).ifPresent(e -> {
            assertTrue(e.volatileCorrected() >= 0 && e.volatileUncorrected() >= 0, e.toString());
            assertTrue(e.aggregateCorrected() >= 0 && e.aggregateUncorrected() >= 0, e.toString());
        });
        supportedOrNot(gpu::retiredPagesPending);
        supportedOrNot(gpu::remappedRows).ifPresent(r ->
                assertTrue(r.corrected() >= 0 && r.uncorrected() >= 0, r.toString()));
    }

    /**
     * The value, or empty where NVML says NOT_SUPPORTED: ECC off, or a GPU that remaps rows rather
     * than retiring pages; nothing else is plausible, so any other refusal fails.
     */
    private static <T> Optional<T> supportedOrNot(Supplier<T> reader) {
        try {
            return Optional.of(reader.get());
        } catch (NvmlException e) {
            assertTrue(e.getMessage().contains("NVML_ERROR_NOT_SUPPORTED"), e.getMessage());
            return Optional.empty();
        }
    }

    @Test
    void twoGpusHaveAStatusAndACommonAncestor() {
        assumeTrue(nvml.deviceCount() >= 2, "needs two GPUs; NVML sees " + nvml.deviceCount());
        NvmlDevice a = nvml.device(0);
        NvmlDevice b = nvml.device(1);
        for (P2pCapability capability : P2pCapability.values()) {
            assertNotNull(a.p2pStatus(b, capability));
        }
        TopologyLevel level = a.topologyCommonAncestor(b);
        assertEquals(level, b.topologyCommonAncestor(a), "the common ancestor is symmetric");
    }
}
