package dev.xfer.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Ordinary native memory, page aligned; the arena's allocation also touches every page once. */
public final class PageableHostBuffer implements HostBuffer {
    static final long PAGE = 4096;

    private final Arena arena;
    private final MemorySegment segment;

    private PageableHostBuffer(Arena arena, MemorySegment segment) {
        this.arena = arena;
        this.segment = segment;
    }

    static PageableHostBuffer allocate(long bytes) {
        Sizes.requirePositive(bytes, "pageable host buffer");
        Arena arena = Arena.ofShared();
        try {
            return new PageableHostBuffer(arena, arena.allocate(bytes, PAGE));
        } catch (OutOfMemoryError | RuntimeException e) {
            arena.close();
            throw new HostAllocationException("cannot allocate " + bytes + " bytes of pageable host memory: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public HostMemoryKind kind() {
        return HostMemoryKind.PAGEABLE;
    }

    @Override
    public long bytes() {
        return segment.byteSize();
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
