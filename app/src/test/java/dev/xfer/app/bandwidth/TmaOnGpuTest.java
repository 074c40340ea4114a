package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs an NVIDIA GPU: the TMA copy ({@code --copy tma}) moves the right bytes d2d at sizes that
 * are not multiples of 16 or of a stage, past the repeated-sample threshold, on grids of one block
 * and of several per SM, between device addresses of any alignment; below compute capability 9.0
 * every TMA configuration is waived with the reason and nothing is launched. Host directions
 * (through mapped pinned memory) are {@link TmaHostOnGpuTest}'s, apart, as a bulk copy that cannot
 * reach host memory would fault the context.
 */
@Tag("gpu")
class TmaOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    static boolean hasTma() {
        return device.attribute(DeviceAttribute.COMPUTE_CAPABILITY_MAJOR) >= TmaSupport.MIN_MAJOR;
    }

    static BandwidthPlan plan(List<Long> sizes, List<HostMemoryKind> kinds, List<CopyDirection> directions,
                              String blocks) {
        return new BandwidthPlan(sizes, kinds, directions, 2, 1, CopyTimer.EVENTS, List.of(CopyPath.TMA),
                BandwidthPlan.DEFAULT_STAGING, BlockCounts.parse(blocks));
    }

    static BandwidthBenchmark benchmark() {
        return new BandwidthBenchmark(device, OptionalDouble.of(63.0), s -> { });
    }

    @Test
    void belowComputeCapabilityNineEveryTmaConfigurationIsWaived() {
        assumeTrue(!hasTma(), "this GPU has TMA");
        var outcome = benchmark().run(plan(List.of(4096L), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2D), "sm"));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertTrue(outcome.results().stream().noneMatch(r -> r.copy() == CopyPath.TMA), outcome.results().toString());
        assertEquals(2, outcome.waived().size(), outcome.waived().toString());
        for (Waiver w : outcome.waived()) {
            assertTrue(w.reason().startsWith("TMA bulk copies (cp.async.bulk) need compute capability 9.0"), w.reason());
        }
    }

    /** Sizes below 16, not a multiple of 16, of a stage (12288) or of a grid's round; 64 MiB + 3 is a repeated sample. */
    @ParameterizedTest(name = "--blocks {0}")
    @CsvSource({"1", "3", "sm", "4sm"})
    void everyD2dRowVerifies(String blocks) {
        assumeTrue(hasTma(), "no TMA below compute capability 9.0");
        List<Long> sizes = List.of(1L, 15L, 17L, 12288L, 12304L, 4097L, (1L << 20) + 3, (64L << 20) + 3);
        var outcome = benchmark().run(plan(sizes, List.of(HostMemoryKind.PINNED), List.of(CopyDirection.D2D), blocks));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertTrue(outcome.waived().isEmpty(), outcome.waived().toString());
        assertEquals(sizes.size() * 2, outcome.results().size(), "driver and tma per size");
        for (BandwidthResult r : outcome.results()) {
            assertTrue(r.verified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().median() > 0, r.configuration());
        }
        assertTrue(outcome.results().stream().anyMatch(r -> r.copy() == CopyPath.TMA
                && r.shape().orElseThrow().threadsPerBlock() == LaunchShape.TMA_THREADS_PER_BLOCK));
    }

    @Test
    void aCorruptedByteIsCaught() {
        assumeTrue(hasTma(), "no TMA below compute capability 9.0");
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
        var outcome = new BandwidthBenchmark(device, OptionalDouble.empty(), s -> {
            if (seen.incrementAndGet() == 2) { // the driver's d2d is first, the TMA's second
                s.set(ValueLayout.JAVA_BYTE, 12289, (byte) ~s.get(ValueLayout.JAVA_BYTE, 12289));
            }
        }).run(plan(List.of(1L << 20), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.D2D), "sm"));
        assertEquals(1, outcome.failures().size(), outcome.failures().toString());
        assertTrue(outcome.failures().getFirst().configuration().startsWith("device tma "),
                outcome.failures().toString());
    }

    /** tma_copy itself between device addresses of every alignment, several passes: heads, tails, sides aligned apart. */
    @ParameterizedTest(name = "dst+{0} <- src+{1}, {2} B x {3}")
    @CsvSource({"0, 0, 1, 1", "1, 1, 17, 2", "1, 3, 1000, 1", "5, 5, 36869, 3", "0, 8, 4096, 1", "3, 7, 1000003, 2",
            "15, 15, 1048593, 2", "0, 0, 0, 1", "0, 0, 12288, 16"})
    void theTmaKernelCopiesBetweenAnyAddresses(long dstOffset, long srcOffset, long bytes, int copies) {
        assumeTrue(hasTma(), "no TMA below compute capability 9.0");
        long room = bytes + 64;
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer a = DeviceBuffer.allocate(device, room);
             DeviceBuffer b = DeviceBuffer.allocate(device, room);
             HostBuffer pattern = HostMemoryKind.PAGEABLE.allocate(room);
             HostBuffer back = HostMemoryKind.PAGEABLE.allocate(room)) {
            device.makeCurrent();
            CudaStream stream = CudaStream.legacyDefault();
            DataPattern.fill(pattern.segment(), 99);
            Memcpy.copy(a.address(), pattern.segment(), room, CopyKind.HOST_TO_DEVICE);
            b.fillAsync(0, stream);
            TmaCopy.of(kernels).issue(b.address(dstOffset), a.address(srcOffset), bytes, LaunchShape.tmaBlocks(3),
                    copies, KernelTiming.Repeat.LOOP, stream);
            stream.synchronize();
            Memcpy.copy(back.segment(), b.address(), room, CopyKind.DEVICE_TO_HOST);
            MemorySegment got = back.segment();
            for (long i = 0; i < room; i++) {
                byte expected = i >= dstOffset && i < dstOffset + bytes
                        ? pattern.segment().get(ValueLayout.JAVA_BYTE, i - dstOffset + srcOffset) : 0;
                assertEquals(expected, got.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
            }
        }
    }

    @Test
    void theTmaRowsNameTheirPathAndGrid() {
        assumeTrue(hasTma(), "no TMA below compute capability 9.0");
        int sms = device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT);
        BandwidthPlan plan = benchmark().onDevice(plan(List.of(8L << 20), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.D2D), "1..2sm"));
        var outcome = benchmark().run(plan);
        int grids = BlockCounts.parse("1..2sm").resolve(sms).size();
        assertEquals(1 + grids, outcome.results().size());
        assertFalse(outcome.results().stream().anyMatch(r -> !r.verified()));
    }
}
