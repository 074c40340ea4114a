package dev.xfer.cuda;

import java.lang.foreign.MemorySegment;

/**
 * A Java {@code long[]} on the heap. Copies hand its address to {@code cudaMemcpy} in a critical
 * downcall (see {@link Memcpy}), so no off-heap copy is made first; a long array reaches 16 GiB,
 * where a byte array would stop at 2 GiB.
 */
public final class HeapHostBuffer implements HostBuffer {
    private static final long MAX_BYTES = (long) (Integer.MAX_VALUE - 8) * Long.BYTES;

    private final MemorySegment segment;

    private HeapHostBuffer(MemorySegment segment) {
        this.segment = segment;
    }

    static HeapHostBuffer allocate(long bytes) {
        Sizes.requirePositive(bytes, "heap host buffer");
        if (bytes > MAX_BYTES) {
            throw new HostAllocationException("a Java heap buffer holds at most " + MAX_BYTES + " bytes, not " + bytes, null);
        }
        try {
            long[] array = new long[(int) ((bytes + Long.BYTES - 1) / Long.BYTES)];
            return new HeapHostBuffer(MemorySegment.ofArray(array).asSlice(0, bytes));
        } catch (OutOfMemoryError e) {
            throw new HostAllocationException("not enough Java heap for " + bytes + " bytes (max heap "
                    + Runtime.getRuntime().maxMemory() + " bytes): raise it with XFER_JAVA_OPTS=-Xmx<size>", e);
        }
    }

    @Override
    public HostMemoryKind kind() {
        return HostMemoryKind.HEAP;
    }

    @Override
    public long bytes() {
        return segment.byteSize();
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    /** The garbage collector frees the array once nothing refers to it. */
    @Override
    public void close() {
    }
}
