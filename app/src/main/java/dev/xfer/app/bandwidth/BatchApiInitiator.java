package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.SampleClock;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.Memcpy;
import dev.xfer.cuda.SourceAccessOrder;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --copy batch-api}: the buffer split into {@code pieces} consecutive copies, all issued by
 * one {@code cudaMemcpyBatchAsync}, sources read in stream order (what {@code cudaMemcpyAsync}
 * does, so the driver's row is the one-copy comparison). A sample is that one call between the
 * clock's marks on its own stream: the call refuses the legacy stream the driver's rows use. The
 * call's arrays are laid out before the samples ({@link Memcpy.BatchCall}), so a sample holds the
 * call and its copies, not xfer's building of them.
 */
final class BatchApiInitiator implements CopyInitiator, AutoCloseable {
    private final int pieces;
    private final SampleClock clock;
    private final CudaStream stream;
    private final List<Memcpy.BatchCall> calls = new ArrayList<>();

    BatchApiInitiator(int pieces, SampleClock clock, CudaStream stream) {
        this.pieces = pieces;
        this.clock = clock;
        this.stream = stream;
    }

    @Override
    public Sample sampleOf(CopyEnds ends) {
        long[] sizes = pieceSizes(ends.bytes(), pieces);
        MemorySegment[] to = new MemorySegment[pieces];
        MemorySegment[] from = new MemorySegment[pieces];
        long offset = 0;
        for (int i = 0; i < pieces; i++) {
            // addresses only: the device side is not a host segment one could slice
            to[i] = MemorySegment.ofAddress(ends.to().address() + offset);
            from[i] = MemorySegment.ofAddress(ends.from().address() + offset);
            offset += sizes[i];
        }
        Memcpy.BatchCall call = Memcpy.BatchCall.of(to, from, sizes, SourceAccessOrder.STREAM, false);
        calls.add(call);
        return () -> clock.time(() -> call.issue(stream));
    }

    /**
     * {@code bytes} in {@code pieces} consecutive copies as equal as bytes allow: the first
     * {@code bytes % pieces} one byte longer, so that every byte is copied once.
     */
    static long[] pieceSizes(long bytes, int pieces) {
        if (pieces < 1 || pieces > bytes) {
            throw new IllegalArgumentException(bytes + " bytes cannot be split into " + pieces + " copies of a byte at least");
        }
        long[] sizes = new long[pieces];
        long each = bytes / pieces;
        long longer = bytes % pieces;
        for (int i = 0; i < pieces; i++) {
            sizes[i] = each + (i < longer ? 1 : 0);
        }
        return sizes;
    }

    @Override
    public void close() {
        calls.forEach(Memcpy.BatchCall::close);
    }
}
