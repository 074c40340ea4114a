package dev.xfer.app.check;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Sets every byte of host memory with several threads, one contiguous slice each, all at once.
 * One thread fills 800 MB at a few GB/s (a tenth of a second or more, per trial); the check's
 * poison resets and the H2D scenarios' overwrite use as many threads as it has readers, the way
 * a parallel tensor op ({@code fill_}, {@code copy_}) writes a tensor.
 */
final class HostFill {
    private HostFill() {
    }

    /** {@code threads} threads of {@code pool} fill one slice of {@code memory} each with {@code value}. */
    static void fill(MemorySegment memory, byte value, int threads, ExecutorService pool) {
        long bytes = memory.byteSize();
        if (threads <= 1 || bytes < threads) {
            memory.fill(value);
            return;
        }
        long slice = (bytes + threads - 1) / threads;
        List<Future<?>> parts = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            long from = Math.min(bytes, t * slice);
            long to = Math.min(bytes, from + slice);
            parts.add(pool.submit(() -> memory.asSlice(from, to - from).fill(value)));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while filling host memory", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("a filling thread failed", e.getCause());
            }
        }
    }
}
