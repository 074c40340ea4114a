package dev.xfer.app.check;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Counts, on the device, the elements of a device buffer that are not the check's sequence:
 * {@link SequenceScan}'s outcome without copying the buffer to the host first (a staged 800 MB
 * readback, a host poison of the readback buffer and a host scan cost the H2D scenarios most of
 * their time). Holds a two-word device result and its host copy; {@link #close()} frees both.
 */
final class DeviceSequenceCheck implements AutoCloseable {
    /** Whole warps: the kernel adds up each block's counts with warp shuffles. */
    private static final int BLOCK = 256;
    private static final long MAX_BLOCKS = 1L << 16;

    private final Kernel kernel;
    private final DeviceBuffer counts;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment fetched = arena.allocate(ValueLayout.JAVA_LONG, 2);

    DeviceSequenceCheck(CudaDevice device, XferKernels kernels) {
        this.kernel = kernels.countSequenceMismatch();
        this.counts = DeviceBuffer.allocate(device, 2 * Long.BYTES);
    }

    /** Elements {@code [0, elements)} of {@code doubles} against 1..period repeated, in {@code stream}'s order. */
    SequenceScan.Outcome scan(DeviceBuffer doubles, long elements, long period, CudaStream stream) {
        counts.fillAsync(0, stream);
        long blocks = Math.min((elements + BLOCK - 1) / BLOCK, MAX_BLOCKS);
        kernel.launch(blocks, BLOCK, new KernelArguments().pointer(doubles.address()).int64(elements).int64(period)
                .pointer(counts.address()), stream);
        stream.synchronize();
        Memcpy.copy(fetched, counts.address(), 2 * Long.BYTES, CopyKind.DEVICE_TO_HOST);
        long wrong = fetched.getAtIndex(ValueLayout.JAVA_LONG, 0);
        // The kernel keeps the largest |error| as its bits; no wrong element leaves 0, that is 0.0.
        double maxError = Double.longBitsToDouble(fetched.getAtIndex(ValueLayout.JAVA_LONG, 1));
        return new SequenceScan.Outcome(wrong, maxError);
    }

    @Override
    public void close() {
        try (arena; counts) {
            // both freed, the device buffer first
        }
    }
}
