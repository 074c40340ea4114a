package dev.xfer.app.topo;

import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInventory;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PcieGeneration;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.cuda.CudaError;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaUnavailableException;
import dev.xfer.cuda.CudaVersion;
import dev.xfer.host.CpuSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the report's GPUs come from: CUDA when it answers, sysfs when it cannot be used. */
class TopoInspectorTest {

    private static List<String> busIds(TopoInventory report) {
        return report.gpus().stream().map(TopoGpu::busId).toList();
    }

    @Test
    void withoutADriverTheGpusComeFromSysfsAndTheReasonIsTheErrorLine() {
        TopoInventory report = TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED);

        assertEquals(new CudaStatus.Unusable(TopoFixtures.NO_DRIVER_REASON), report.cuda());
        assertFalse(report.cuda().usable());
        assertEquals(List.of("0000:81:00.0"), busIds(report));
        TopoGpu gpu = report.gpus().getFirst();
        assertEquals(OptionalInt.empty(), gpu.index());
        assertEquals(Optional.empty(), gpu.name());
        assertEquals(OptionalInt.of(1), gpu.numaNode());
        assertEquals(Optional.of("24-47,72-95"), gpu.cpuAffinity());
        assertEquals(Optional.of(new PcieLink(PcieGeneration.GEN4, 8)), gpu.currentLink());
        assertEquals(Optional.of(new PcieLink(PcieGeneration.GEN4, 16)), gpu.maxLink());
        assertEquals(List.of(0, 1), report.numa().nodes().stream().map(n -> n.id()).toList());
    }

    @Test
    void withoutALibcudartTheGpusComeFromSysfs() {
        TopoInventory report = new TopoInspector(SysfsFixtures.root(SysfsFixtures.FOUR_NODE_TWO_GPUS), ErrorLine::line).inspect(() -> {
            throw new CudaUnavailableException("libcudart not found at /nonexistent/libcudart.so");
        });

        assertEquals(new CudaStatus.Unusable(
                "CUDA is not usable here: libcudart not found at /nonexistent/libcudart.so"), report.cuda());
        assertEquals(List.of("0000:41:00.0", "0000:c1:00.0"), busIds(report));
    }

    @Test
    void noDeviceIsAlsoNotUsable() {
        TopoInventory report = new TopoInspector(SysfsFixtures.root(SysfsFixtures.SINGLE_NODE_GEN5), ErrorLine::line).inspect(() -> {
            throw new CudaException("cudaGetDeviceCount", new CudaError(100, "cudaErrorNoDevice",
                    "no CUDA-capable device is detected"));
        });

        CudaStatus.Unusable cuda = assertInstanceOf(CudaStatus.Unusable.class, report.cuda());
        assertTrue(cuda.reason().startsWith("CUDA is not usable here: cudaGetDeviceCount: cudaErrorNoDevice: "),
                cuda.reason());
        assertEquals(List.of("0000:17:00.0"), busIds(report));
    }

    /** A CUDA failure that does not mean "no CUDA here" is a fault: it goes to the usual error line and exit code. */
    @Test
    void otherCudaFailuresAreNotHidden() {
        CudaException launchFailure = new CudaException("cudaMemGetInfo", new CudaError(719, "cudaErrorLaunchFailure",
                "unspecified launch failure"));
        TopoInspector inspector = new TopoInspector(SysfsFixtures.root(SysfsFixtures.SINGLE_NODE_GEN5), ErrorLine::line);

        assertSame(launchFailure, assertThrows(CudaException.class, () -> inspector.inspect(() -> {
            throw launchFailure;
        })));
    }

    @Test
    void withCudaTheGpusAreCudasInItsOrderWithSysfsFacts() {
        // CUDA's default order is fastest first, not bus order; and it may print upper-case hex.
        TopoInventory report = TopoFixtures.withCuda(SysfsFixtures.FOUR_NODE_TWO_GPUS, "0000:C1:00.0", "00000000:41:00.0");

        CudaStatus.Usable cuda = assertInstanceOf(CudaStatus.Usable.class, report.cuda());
        assertEquals(new CudaVersion(13000), cuda.driver());
        assertEquals(TopoFixtures.LIBCUDART, cuda.libcudart());
        assertEquals(List.of("0000:c1:00.0", "0000:41:00.0"), busIds(report));
        assertEquals(OptionalInt.of(0), report.gpus().get(0).index());
        assertEquals(Optional.of("NVIDIA H200"), report.gpus().get(0).name());
        assertEquals(OptionalInt.of(3), report.gpus().get(0).numaNode());
        assertEquals(OptionalInt.of(1), report.gpus().get(1).numaNode());
    }

    /** CUDA sees only what CUDA_VISIBLE_DEVICES lets it: topo then shows those, not every GPU in sysfs. */
    @Test
    void withCudaSysfsGpusCudaDoesNotSeeAreLeftOut() {
        assertEquals(List.of("0000:41:00.0"), busIds(TopoFixtures.withCuda(SysfsFixtures.FOUR_NODE_TWO_GPUS,
                "0000:41:00.0")));
    }

    @Test
    void withCudaAGpuSysfsDoesNotKnowKeepsCudasNumaNode() {
        DeviceInfo inContainer = new DeviceInfo(0, "NVIDIA H200", 9, 0, 1L << 30, 1L << 30, 132, 2, true,
                "0000:17:00.0", Optional.empty(), 1);
        TopoInventory report = new TopoInspector(SysfsFixtures.root(SysfsFixtures.TWO_NODE_DEGRADED), ErrorLine::line).inspect(
                () -> new DeviceInventory(new CudaVersion(13000), new CudaVersion(12080), TopoFixtures.LIBCUDART,
                        List.of(inContainer)));

        TopoGpu gpu = report.gpus().getFirst();
        assertEquals(OptionalInt.of(1), gpu.numaNode());
        assertEquals(Optional.empty(), gpu.cpuAffinity());
        assertEquals(Optional.empty(), gpu.currentLink());
    }

    @Test
    void fromDeviceUsesTheDevicesRecord() {
        TopoGpu gpu = TopoGpu.fromDevice(ResultsFixtures.h200());

        assertEquals(OptionalInt.of(0), gpu.index());
        assertEquals("0000:17:00.0", gpu.busId());
        assertEquals(Optional.of("0-23,48-71"), gpu.cpuAffinity());
        assertEquals(63.0, gpu.theoreticalGBps().orElseThrow(), 0.05);
        assertEquals(ResultsFixtures.h200().transferLink(), gpu.transferLink());
    }

    /** A malformed local_cpulist ("7-2") is unknown, not text to print. */
    @Test
    void malformedCpuAffinityIsUnknown() {
        TopoGpu gpu = TopoGpu.fromSysfs(new PciDeviceInfo(new PciAddress(0, 0x17, 0, 0), OptionalInt.empty(),
                Optional.of("7-2"), CpuSet.parse("7-2"), Optional.empty(), Optional.empty()));

        assertEquals(Optional.empty(), gpu.cpuAffinity());
        assertEquals(Optional.empty(), TopoFixtures.withoutCuda(SysfsFixtures.MALFORMED).gpus().getFirst()
                .cpuAffinity());
    }

    @Test
    void anEmptySysfsTreeIsNoGpuAndAnAssumedSingleNode(@TempDir Path root) {
        TopoInventory report = new TopoInspector(root, ErrorLine::line).inspect(TopoFixtures.noDriver());

        assertEquals(List.of(), report.gpus());
        assertTrue(report.numa().assumed());
        assertTrue(report.singleNode());
    }

    @Test
    void multiLineReasonsAreJoinedIntoOne() {
        CudaStatus.Unusable cuda = new TopoInspector(Path.of("/sys"), ErrorLine::line).unusable(new CudaUnavailableException("first\nsecond"));

        assertEquals("CUDA is not usable here: first second", cuda.reason());
    }
}
