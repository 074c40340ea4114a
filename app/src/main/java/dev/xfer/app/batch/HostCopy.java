package dev.xfer.app.batch;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * A host memcpy split over several threads, as PyTorch's {@code copy_} splits a large contiguous
 * tensor over its intra-op threads (so {@code pin_memory()} copies with every core); one thread
 * reaches about a fifth of what the memory system gives.
 */
final class HostCopy {
    /** Below this, splitting costs more in hand-offs than it saves. */
    static final long MIN_PARALLEL_BYTES = 256 * 1024;
    private static final long ALIGN = 4096;

    private HostCopy() {
    }

    static void copy(MemorySegment src, MemorySegment dst, long bytes, ExecutorService pool, int parts) {
        if (parts <= 1 || bytes < MIN_PARALLEL_BYTES) {
            MemorySegment.copy(src, 0, dst, 0, bytes);
            return;
        }
        long chunk = ((bytes + parts - 1) / parts + ALIGN - 1) / ALIGN * ALIGN;
        List<Future<?>> others = new ArrayList<>();
        for (long offset = chunk; offset < bytes; offset += chunk) {
            long from = offset;
            long length = Math.min(chunk, bytes - from);
            others.add(pool.submit(() -> MemorySegment.copy(src, from, dst, from, length)));
        }
        MemorySegment.copy(src, 0, dst, 0, Math.min(chunk, bytes));
        BatchBenchmark.awaitAll(others);
    }
}
