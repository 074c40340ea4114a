package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.StreamGate;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: every row of the copy kernel ({@code --copy kernel}) moves the right bytes,
 * for every page-locked kind (and pageable where the device reads it), h2d, d2h, bidir and d2d, at
 * 1 byte, odd sizes and 4 GiB, on small and large grids; the kernel copies between addresses of
 * any alignment; a corrupted byte is caught; nothing leaks.
 */
@Tag("gpu")
class KernelCopyOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    private static BandwidthPlan plan(List<Long> sizes, List<HostMemoryKind> kinds, List<CopyDirection> directions,
                                      String blocks) {
        return new BandwidthPlan(sizes, kinds, directions, 2, 1, CopyTimer.EVENTS, List.of(CopyPath.KERNEL),
                BandwidthPlan.DEFAULT_STAGING, BlockCounts.parse(blocks));
    }

    private static BandwidthBenchmark benchmark() {
        return new BandwidthBenchmark(device, OptionalDouble.of(63.0), s -> { });
    }

    private static List<HostMemoryKind> reachable() {
        KernelReach reach = benchmark().kernelReach();
        List<HostMemoryKind> kinds = new ArrayList<>();
        for (HostMemoryKind kind : HostMemoryKind.values()) {
            if (reach.absentBecause(kind).isEmpty()) {
                kinds.add(kind);
            }
        }
        return kinds;
    }

    private static void assertAllVerified(BandwidthBenchmark.Outcome outcome, int rows) {
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        assertEquals(rows, outcome.results().size(), outcome.results().stream().map(BandwidthResult::configuration)
                .toList().toString());
        for (BandwidthResult r : outcome.results()) {
            assertEquals(CopyPath.KERNEL, r.copy(), r.configuration());
            assertTrue(r.shape().isPresent(), r.configuration());
            assertTrue(r.verified(), r.configuration());
            assertTrue(r.gigabytesPerSecond().median() > 0, r.configuration());
        }
    }

    @Test
    void pageLockedKindsAreReachedAndPageableAsTheDeviceSays() {
        List<HostMemoryKind> kinds = reachable();
        assertTrue(kinds.containsAll(List.of(HostMemoryKind.PINNED, HostMemoryKind.REGISTERED,
                HostMemoryKind.WRITE_COMBINED)), kinds.toString());
        assertEquals(device.attribute(DeviceAttribute.PAGEABLE_MEMORY_ACCESS) != 0,
                kinds.contains(HostMemoryKind.PAGEABLE));
        assertFalse(kinds.contains(HostMemoryKind.HEAP));
    }

    /** Heap memory is never reached by a kernel: its kernel rows are waived with why, pinned's are measured. */
    @Test
    void anUnreachableKindsKernelRowsAreWaived() {
        var outcome = benchmark().run(plan(List.of(4097L), List.of(HostMemoryKind.PINNED, HostMemoryKind.HEAP),
                List.of(CopyDirection.H2D, CopyDirection.D2H), "sm"));
        assertAllVerified(outcome, 2);
        assertEquals(List.of("heap kernel " + device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT) + " blocks h2d 4097 B",
                        "heap kernel " + device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT) + " blocks d2h 4097 B"),
                outcome.waived().stream().map(dev.xfer.app.result.Waiver::configuration).toList());
        assertTrue(outcome.waived().stream().allMatch(w -> w.reason().startsWith("heap memory has no kernel rows:")),
                outcome.waived().toString());
    }

    /** Sizes that do not divide by 16, by a block or by a round of the grid; grids of one block and of several per SM. */
    @ParameterizedTest(name = "--blocks {0}")
    @CsvSource({"1", "3", "sm", "2sm"})
    void everyKernelRowVerifies(String blocks) {
        List<Long> sizes = List.of(1L, 15L, 17L, 4097L, (1L << 20) + 3, (64L << 20) - 5);
        List<HostMemoryKind> kinds = reachable();
        var outcome = benchmark().run(plan(sizes, kinds, List.of(CopyDirection.H2D, CopyDirection.D2H,
                CopyDirection.BIDIR, CopyDirection.D2D), blocks));
        // per size: h2d, d2h, bidir-h2d, bidir-d2h per kind, one d2d by the driver and one by the kernel
        assertEquals(sizes.size() * (kinds.size() * 4 + 2), outcome.results().size());
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        outcome.results().forEach(r -> assertTrue(r.verified(), r.configuration()));
    }

    @Test
    void aBlocksSweepGivesOneRowPerGrid() {
        int sms = device.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT);
        BandwidthPlan plan = benchmark().onDevice(plan(List.of(8L << 20), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), "1..2sm"));
        var outcome = benchmark().run(plan);
        int grids = BlockCounts.parse("1..2sm").resolve(sms).size();
        assertAllVerified(outcome, 2 * grids);
    }

    @Test
    void fourGibibytesVerifyAndNothingLeaks() {
        benchmark().run(plan(List.of(4096L), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D), "sm"));
        long freeBefore = device.memoryInfo().freeBytes();
        var outcome = benchmark().run(plan(List.of(4L << 30, (4L << 30) + 5), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), "sm"));
        assertAllVerified(outcome, 2 * 2);
        assertEquals(freeBefore, device.memoryInfo().freeBytes(), "device memory leaked across kernel runs");
    }

    /** The kernel itself between device addresses of every alignment: heads, tails, and sides aligned apart. */
    @ParameterizedTest(name = "dst+{0} <- src+{1}, {2} B")
    @CsvSource({"0, 0, 1", "1, 1, 1", "1, 3, 1", "5, 5, 31", "0, 8, 4096", "3, 7, 1000003", "15, 15, 1048593",
            "0, 0, 0"})
    void theKernelCopiesBetweenAnyAddresses(long dstOffset, long srcOffset, long bytes) {
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
            new KernelCopy(kernels.copyBytes()).issue(b.address(dstOffset), a.address(srcOffset), bytes,
                    LaunchShape.ofBlocks(2), stream);
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

    /**
     * copy_bidir between device addresses of every alignment, each direction with its own: both
     * directions' bytes land whole, and nothing around them is touched.
     */
    @ParameterizedTest(name = "up dst+{0} <- src+{1}, down dst+{2} <- src+{3}, {4} B")
    @CsvSource({"0, 0, 0, 0, 1", "1, 1, 3, 3, 17", "1, 3, 0, 0, 4096", "5, 5, 7, 2, 31", "3, 7, 15, 15, 1000003",
            "0, 0, 0, 0, 1048593", "0, 0, 0, 0, 0"})
    void theBidirKernelCopiesBothWaysBetweenAnyAddresses(long upDst, long upSrc, long downDst, long downSrc,
                                                         long bytes) {
        long room = bytes + 64;
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer a = DeviceBuffer.allocate(device, room);
             DeviceBuffer b = DeviceBuffer.allocate(device, room);
             DeviceBuffer c = DeviceBuffer.allocate(device, room);
             DeviceBuffer d = DeviceBuffer.allocate(device, room);
             HostBuffer up = HostMemoryKind.PAGEABLE.allocate(room);
             HostBuffer down = HostMemoryKind.PAGEABLE.allocate(room);
             HostBuffer back = HostMemoryKind.PAGEABLE.allocate(room)) {
            device.makeCurrent();
            CudaStream stream = CudaStream.legacyDefault();
            DataPattern.fill(up.segment(), 99);
            DataPattern.fill(down.segment(), 7);
            Memcpy.copy(a.address(), up.segment(), room, CopyKind.HOST_TO_DEVICE);
            Memcpy.copy(c.address(), down.segment(), room, CopyKind.HOST_TO_DEVICE);
            b.fillAsync(0, stream);
            d.fillAsync(0, stream);
            new KernelCopy(kernels.copyBytes(), kernels.copyBidir()).issueBidirectional(b.address(upDst),
                    a.address(upSrc), d.address(downDst), c.address(downSrc), bytes, LaunchShape.ofBlocks(2), stream);
            stream.synchronize();
            assertLanded("up", b, up.segment(), upDst, upSrc, bytes, room, back.segment());
            assertLanded("down", d, down.segment(), downDst, downSrc, bytes, room, back.segment());
        }
    }

    /** {@code target} holds {@code source[srcOffset, +bytes)} at {@code dstOffset} and zeros around it. */
    private static void assertLanded(String what, DeviceBuffer target, MemorySegment source, long dstOffset,
                                     long srcOffset, long bytes, long room, MemorySegment back) {
        Memcpy.copy(back, target.address(), room, CopyKind.DEVICE_TO_HOST);
        for (long i = 0; i < room; i++) {
            byte expected = i >= dstOffset && i < dstOffset + bytes
                    ? source.get(ValueLayout.JAVA_BYTE, i - dstOffset + srcOffset) : 0;
            assertEquals(expected, back.get(ValueLayout.JAVA_BYTE, i), what + " byte " + i);
        }
    }

    private static BandwidthPlan plan(List<Long> sizes, List<CopyDirection> directions, String blocks,
                                      KernelTiming timing) {
        return plan(sizes, List.of(HostMemoryKind.PINNED), directions, blocks).withKernelTiming(timing);
    }

    /**
     * Every setting of a kernel sample (--kernel-copies, --kernel-repeat, --kernel-gate,
     * --kernel-lead-in, --kernel-bidir) still moves every byte right, at sizes that do not divide
     * evenly; two-streams bidir on grids small enough for both launches to be resident at once.
     */
    @ParameterizedTest(name = "copies {0}, {1}, gated {2}, lead-in {3}, bidir {4}, --blocks {5}")
    @CsvSource({"3, loop, false, false, one-launch, sm", "3, launches, false, false, one-launch, 3",
            "2, loop, true, true, one-launch, sm", "1, loop, true, false, two-streams, 2",
            "4, loop, true, true, two-streams, 8", "4, launches, false, true, two-streams, 8",
            "3, loop, true, true, one-vector, sm", "2, launches, false, false, one-vector, 5"})
    void everySampleSettingVerifies(int copies, String repeat, boolean gated, boolean leadIn, String bidir,
                                    String blocks) {
        KernelTiming timing = new KernelTiming(copies, KernelTiming.parseRepeat(repeat), gated, leadIn, KernelTiming.Start.PLAIN,
                KernelTiming.parseBidir(bidir));
        List<Long> sizes = List.of(1L, 4097L, (1L << 20) + 3);
        var outcome = benchmark().run(plan(sizes, List.of(CopyDirection.H2D, CopyDirection.D2H, CopyDirection.BIDIR,
                CopyDirection.D2D), blocks, timing));
        // per size: h2d, d2h, bidir-h2d, bidir-d2h, d2d by the driver and d2d by the kernel
        assertEquals(sizes.size() * 6, outcome.results().size());
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        outcome.results().forEach(r -> assertTrue(r.verified(), r.configuration()));
        outcome.results().forEach(r -> assertTrue(r.gigabytesPerSecond().median() > 0, r.configuration()));
    }

    /** The default from 64 MiB: 16 copies per sample in one launch of the repeat kernels, every byte verified. */
    @Test
    void theDefaultSampleOfSixteenCopiesVerifies() {
        assertEquals(16, KernelTiming.DEFAULT.copiesFor((64L << 20) + 5));
        var outcome = benchmark().run(plan(List.of((64L << 20) + 5), List.of(CopyDirection.H2D, CopyDirection.D2H,
                CopyDirection.BIDIR), "sm", KernelTiming.DEFAULT));
        assertAllVerified(outcome, 4);
    }

    /** copy_bytes_repeat and copy_bidir_repeat between addresses of every alignment: the same bytes, pass after pass. */
    @ParameterizedTest(name = "dst+{0} <- src+{1}, {2} B, {3} copies")
    @CsvSource({"0, 0, 1, 2", "1, 3, 17, 3", "3, 7, 1000003, 5", "15, 15, 1048593, 16", "0, 0, 0, 4"})
    void theRepeatKernelsCopyBetweenAnyAddresses(long dstOffset, long srcOffset, long bytes, int copies) {
        long room = bytes + 64;
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer a = DeviceBuffer.allocate(device, room);
             DeviceBuffer b = DeviceBuffer.allocate(device, room);
             DeviceBuffer c = DeviceBuffer.allocate(device, room);
             DeviceBuffer d = DeviceBuffer.allocate(device, room);
             HostBuffer pattern = HostMemoryKind.PAGEABLE.allocate(room);
             HostBuffer back = HostMemoryKind.PAGEABLE.allocate(room)) {
            device.makeCurrent();
            CudaStream stream = CudaStream.legacyDefault();
            DataPattern.fill(pattern.segment(), 99);
            Memcpy.copy(a.address(), pattern.segment(), room, CopyKind.HOST_TO_DEVICE);
            Memcpy.copy(c.address(), pattern.segment(), room, CopyKind.HOST_TO_DEVICE);
            b.fillAsync(0, stream);
            d.fillAsync(0, stream);
            KernelCopy copy = KernelCopy.of(kernels);
            copy.issue(b.address(dstOffset), a.address(srcOffset), bytes, LaunchShape.ofBlocks(2), copies,
                    KernelTiming.Repeat.LOOP, stream);
            stream.synchronize();
            assertLanded("copy_bytes_repeat", b, pattern.segment(), dstOffset, srcOffset, bytes, room, back.segment());
            b.fillAsync(0, stream);
            copy.issueBidirectional(b.address(dstOffset), a.address(srcOffset), d.address(dstOffset),
                    c.address(srcOffset), bytes, LaunchShape.ofBlocks(2), copies, KernelTiming.Repeat.LOOP, stream);
            stream.synchronize();
            assertLanded("copy_bidir_repeat up", b, pattern.segment(), dstOffset, srcOffset, bytes, room,
                    back.segment());
            assertLanded("copy_bidir_repeat down", d, pattern.segment(), dstOffset, srcOffset, bytes, room,
                    back.segment());
            b.fillAsync(0, stream);
            d.fillAsync(0, stream);
            copy.issueBidirectionalOneVector(b.address(dstOffset), a.address(srcOffset), d.address(dstOffset),
                    c.address(srcOffset), bytes, copies, KernelTiming.Repeat.LOOP, stream);
            stream.synchronize();
            assertLanded("copy_bidir_one_vector up", b, pattern.segment(), dstOffset, srcOffset, bytes, room,
                    back.segment());
            assertLanded("copy_bidir_one_vector down", d, pattern.segment(), dstOffset, srcOffset, bytes, room,
                    back.segment());
        }
    }

    /** hold_stream holds what is queued behind it until released, and the held copy then lands whole. */
    @Test
    void theGateHoldsTheStreamUntilReleased() throws InterruptedException {
        long bytes = (1L << 20) + 3;
        try (XferKernels kernels = XferKernels.load();
             StreamGate gate = new StreamGate(kernels.holdStream());
             CudaStream stream = CudaStream.create(device, true);
             DeviceBuffer a = DeviceBuffer.allocate(device, bytes);
             DeviceBuffer b = DeviceBuffer.allocate(device, bytes);
             HostBuffer pattern = HostMemoryKind.PAGEABLE.allocate(bytes);
             HostBuffer back = HostMemoryKind.PAGEABLE.allocate(bytes)) {
            device.makeCurrent();
            DataPattern.fill(pattern.segment(), 5);
            Memcpy.copy(a.address(), pattern.segment(), bytes, CopyKind.HOST_TO_DEVICE);
            b.fillAsync(0, stream);
            stream.synchronize();
            gate.hold(stream);
            KernelCopy.of(kernels).issue(b.address(), a.address(), bytes, LaunchShape.ofBlocks(4), stream);
            Thread.sleep(100);
            assertFalse(stream.isIdle(), "the held stream ran before its release");
            gate.release();
            stream.synchronize();
            Memcpy.copy(back.segment(), b.address(), bytes, CopyKind.DEVICE_TO_HOST);
            assertEquals(-1, DataPattern.firstMismatch(back.segment(), pattern.segment()));
        }
    }

    @Test
    void aCorruptedByteIsCaught() {
        var outcome = new BandwidthBenchmark(device, OptionalDouble.empty(), s -> s.set(ValueLayout.JAVA_BYTE, 5, (byte) (s.get(ValueLayout.JAVA_BYTE, 5) ^ 1)))
                .run(plan(List.of(4096L), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D), "sm"));
        assertEquals(1, outcome.failures().size(), outcome.failures().toString());
        assertTrue(outcome.failures().getFirst().configuration().startsWith("pinned kernel "),
                outcome.failures().getFirst().configuration());
        assertFalse(outcome.results().getFirst().verified());
    }
}
