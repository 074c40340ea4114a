package dev.xfer.app.batch;

import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Page-locked blocks handed out and taken back, as PyTorch's caching host allocator does for
 * {@code pin_memory()}: the first run pays for cudaHostAlloc, later runs reuse the blocks. Blocks
 * of one size only, which is all a batch needs. Thread-safe, for the pinning threads.
 */
final class PinnedPool implements AutoCloseable {
    private final long blockBytes;
    private final Deque<HostBuffer> free = new ArrayDeque<>();
    private final List<HostBuffer> all = new ArrayList<>();

    PinnedPool(long blockBytes) {
        this.blockBytes = blockBytes;
    }

    synchronized HostBuffer take() {
        HostBuffer block = free.pollFirst();
        if (block == null) {
            block = HostMemoryKind.PINNED.allocate(blockBytes);
            all.add(block);
        }
        return block;
    }

    /** Gives a block back; the caller has made sure no copy still reads it. */
    synchronized void release(HostBuffer block) {
        free.addFirst(block);
    }

    /** Every block made so far, in the order made. */
    synchronized List<HostBuffer> blocks() {
        return List.copyOf(all);
    }

    @Override
    public synchronized void close() {
        for (HostBuffer b : all) {
            b.close();
        }
        all.clear();
        free.clear();
    }
}
