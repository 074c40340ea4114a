package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Page-locked host memory from {@code cudaHostAlloc}: portable (usable with every device) and,
 * for {@link HostMemoryKind#WRITE_COMBINED}, write-combined.
 */
public final class PinnedHostBuffer implements HostBuffer {
    private final HostMemoryKind kind;
    private MemorySegment segment;

    private PinnedHostBuffer(HostMemoryKind kind, MemorySegment segment) {
        this.kind = kind;
        this.segment = segment;
    }

    @SuppressWarnings("restricted") // cudaHostAlloc returns an address without a size: the size asked for is it
    static PinnedHostBuffer allocate(long bytes, boolean writeCombined) {
        Sizes.requirePositive(bytes, "pinned host buffer");
        int flags = cudart.cudaHostAllocPortable() | (writeCombined ? cudart.cudaHostAllocWriteCombined() : 0);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            String call = "cudaHostAlloc(" + bytes + " bytes" + (writeCombined ? ", write-combined)" : ")");
            Check.check(cudart.cudaHostAlloc(out, bytes, flags), call);
            MemorySegment memory = out.get(ValueLayout.ADDRESS, 0).reinterpret(bytes);
            return new PinnedHostBuffer(writeCombined ? HostMemoryKind.WRITE_COMBINED : HostMemoryKind.PINNED, memory);
        }
    }

    @Override
    public HostMemoryKind kind() {
        return kind;
    }

    @Override
    public long bytes() {
        return live().byteSize();
    }

    @Override
    public MemorySegment segment() {
        return live();
    }

    private MemorySegment live() {
        if (segment == null) {
            throw new IllegalStateException("pinned host buffer already freed");
        }
        return segment;
    }

    @Override
    public void close() {
        if (segment != null) {
            MemorySegment s = segment;
            segment = null;
            Check.check(cudart.cudaFreeHost(s), "cudaFreeHost(" + s.byteSize() + " bytes)");
        }
    }
}
