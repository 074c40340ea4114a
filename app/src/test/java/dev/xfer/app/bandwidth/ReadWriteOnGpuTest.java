package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: the read-only and write-only rows ({@code --direction d2d-read,d2d-write})
 * verify at odd sizes and grids; the read kernel's sum is the host's checksum at any alignment and
 * the write kernel's bytes are the pattern at any alignment, however many passes; a corrupted
 * written byte is caught.
 */
@Tag("gpu")
class ReadWriteOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    private static BandwidthPlan plan(List<Long> sizes, String blocks) {
        return new BandwidthPlan(sizes, List.of(HostMemoryKind.PINNED), List.of(CopyDirection.D2D_READ,
                CopyDirection.D2D_WRITE), 2, 1, CopyTimer.EVENTS, List.of(CopyPath.DRIVER),
                BandwidthPlan.DEFAULT_STAGING, BlockCounts.parse(blocks));
    }

    @ParameterizedTest(name = "--blocks {0}")
    @CsvSource({"1", "3", "sm", "2sm"})
    void everyRowVerifies(String blocks) {
        List<Long> sizes = List.of(1L, 15L, 17L, 4097L, (1L << 20) + 3, (64L << 20) + 5);
        var outcome = new BandwidthBenchmark(device, OptionalDouble.empty(), s -> { })
                .run(plan(sizes, blocks));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertTrue(outcome.unmeasured().isEmpty(), outcome.unmeasured().toString());
        assertEquals(sizes.size() * 2, outcome.results().size());
        for (BandwidthResult r : outcome.results()) {
            assertEquals(CopyPath.KERNEL, r.copy(), r.configuration());
            assertTrue(r.verified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().median() > 0, r.configuration());
        }
    }

    /** One of the two asked alone makes rows of that one alone (the other's rows were once measured too, undeclared). */
    @ParameterizedTest(name = "--direction {0}")
    @CsvSource({"D2D_READ", "D2D_WRITE"})
    void eitherAloneMakesItsRowsAlone(CopyDirection direction) {
        BandwidthPlan plan = new BandwidthPlan(List.of(4097L), List.of(HostMemoryKind.PINNED), List.of(direction), 2, 1,
                CopyTimer.EVENTS, List.of(CopyPath.DRIVER), BandwidthPlan.DEFAULT_STAGING, BlockCounts.parse("sm"));
        var outcome = new BandwidthBenchmark(device, OptionalDouble.empty(), s -> { }).run(plan);
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(1, outcome.results().size(), outcome.results().toString());
        assertEquals(direction.label(), outcome.results().getFirst().direction().label());
    }

    @Test
    void aCorruptedWrittenByteIsCaught() {
        var outcome = new BandwidthBenchmark(device, OptionalDouble.empty(), s -> s.set(ValueLayout.JAVA_BYTE, 4093, (byte) 0)).run(plan(List.of(1L << 20), "sm"));
        assertEquals(1, outcome.failures().size(), outcome.failures().toString());
        assertTrue(outcome.failures().getFirst().configuration().contains("d2d-write"), outcome.failures().toString());
    }

    @ParameterizedTest(name = "+{0}, {1} B x {2}")
    @CsvSource({"0, 1, 1", "1, 17, 2", "3, 4097, 1", "15, 1048593, 3", "0, 0, 1", "8, 65536, 16"})
    void theKernelsAtAnyAlignment(long offset, long bytes, int copies) {
        long room = bytes + 64;
        try (XferKernels kernels = XferKernels.load();
             DeviceReadWrite readWrite = DeviceReadWrite.of(kernels, device);
             DeviceBuffer a = DeviceBuffer.allocate(device, room);
             HostBuffer data = HostMemoryKind.PAGEABLE.allocate(room);
             HostBuffer back = HostMemoryKind.PAGEABLE.allocate(room)) {
            device.makeCurrent();
            CudaStream stream = CudaStream.legacyDefault();
            DataPattern.fill(data.segment(), 5);
            Memcpy.copy(a.address(), data.segment(), room, CopyKind.HOST_TO_DEVICE);
            LaunchShape shape = LaunchShape.ofBlocks(3);
            assertEquals(ReadChecksum.of(data.segment().asSlice(offset, bytes), a.address(offset).address()),
                    readWrite.checksum(a.address(offset), bytes, shape, stream), "checksum");
            a.fillAsync(0, stream);
            readWrite.writes().issue(a.address(offset), java.lang.foreign.MemorySegment.NULL, bytes, shape, copies, KernelTiming.Repeat.LOOP, stream);
            stream.synchronize();
            Memcpy.copy(back.segment(), a.address(), room, CopyKind.DEVICE_TO_HOST);
            for (long i = 0; i < room; i++) {
                byte expected = i >= offset && i < offset + bytes ? WritePattern.at(i - offset) : 0;
                assertEquals(expected, back.segment().get(ValueLayout.JAVA_BYTE, i), "byte " + i);
            }
        }
    }
}
