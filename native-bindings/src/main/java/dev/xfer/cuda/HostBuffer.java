package dev.xfer.cuda;

import java.lang.foreign.MemorySegment;

/**
 * Host memory that a copy reads from or writes to, of one {@link HostMemoryKind}. The segment is
 * readable and writable from Java; {@link #close()} frees it exactly once.
 */
public sealed interface HostBuffer extends AutoCloseable
        permits PageableHostBuffer, PinnedHostBuffer, HugePinnedHostBuffer, RegisteredHostBuffer, HeapHostBuffer {

    HostMemoryKind kind();

    long bytes();

    /** The memory, {@link #bytes()} long. A heap segment for {@link HostMemoryKind#HEAP}. */
    MemorySegment segment();

    @Override
    void close();
}
