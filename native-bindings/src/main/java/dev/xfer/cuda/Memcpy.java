package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudaMemcpyAttributes;
import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** Checked copies. Heap segments go through a critical downcall; everything else through the bindings. */
public final class Memcpy {
    /**
     * cudaMemcpy linked as a critical function that may take heap segments: the JVM passes the
     * array's address and keeps the array in place for the length of the call.
     */
    private static final class Critical {
        @SuppressWarnings("restricted") // a second, critical link of cudaMemcpy
        static final MethodHandle MEMCPY = Linker.nativeLinker().downcallHandle(
                cudart.cudaMemcpy$address(), cudart.cudaMemcpy$descriptor(), Linker.Option.critical(true));
    }

    private Memcpy() {
    }

    /** A synchronous copy of {@code bytes} from {@code src} to {@code dst}. */
    public static void copy(MemorySegment dst, MemorySegment src, long bytes, CopyKind kind) {
        int rc;
        if (dst.isNative() && src.isNative()) {
            rc = cudart.cudaMemcpy(dst, src, bytes, kind.code());
        } else {
            rc = critical(dst, src, bytes, kind);
        }
        if (rc != Check.SUCCESS) {
            throw Check.failure(rc, "cudaMemcpy(" + bytes + " bytes, " + kind + ")");
        }
    }

    /**
     * An asynchronous copy on {@code stream}. Only native segments: a heap array could move
     * before the copy engine reads it.
     */
    public static void copyAsync(MemorySegment dst, MemorySegment src, long bytes, CopyKind kind, CudaStream stream) {
        if (!dst.isNative() || !src.isNative()) {
            throw new IllegalArgumentException("asynchronous copies need native memory, not a Java heap array");
        }
        int rc = cudart.cudaMemcpyAsync(dst, src, bytes, kind.code(), stream.handle());
        if (rc != Check.SUCCESS) {
            throw Check.failure(rc, "cudaMemcpyAsync(" + bytes + " bytes, " + kind + ")");
        }
    }

    /** A device-to-device copy between two GPUs on {@code stream}. */
    public static void copyPeerAsync(DeviceBuffer dst, DeviceBuffer src, long bytes, CudaStream stream) {
        int rc = cudart.cudaMemcpyPeerAsync(dst.address(), dst.device().index(), src.address(), src.device().index(),
                bytes, stream.handle());
        if (rc != Check.SUCCESS) {
            throw Check.failure(rc, "cudaMemcpyPeerAsync(" + bytes + " bytes, device " + src.device().index()
                    + " -> " + dst.device().index() + ")");
        }
    }

    /**
     * One {@code cudaMemcpyBatchAsync} for all the copies, on {@code stream} (not the legacy
     * default stream, which the call refuses), with one attribute for all: the sources are read
     * in stream order. The CUDA 13 signature; check {@link CudaRuntime#supportsBatchedCopies()} first.
     */
    public static void copyBatchAsync(MemorySegment[] dsts, MemorySegment[] srcs, long[] sizes, CudaStream stream) {
        copyBatchAsync(dsts, srcs, sizes, SourceAccessOrder.STREAM, false, stream);
    }

    /**
     * One {@code cudaMemcpyBatchAsync} for all the copies with one attribute for all: sources read
     * as {@code order} allows (the caller keeps each source as that order requires: until the
     * copy has run for {@link SourceAccessOrder#STREAM} and {@link SourceAccessOrder#ANY}, until
     * this returns for {@link SourceAccessOrder#DURING_API_CALL}), and
     * {@code cudaMemcpyFlagPreferOverlapWithCompute} when {@code preferOverlap} (a hint the driver
     * may ignore). The location hints stay zero: they apply to managed memory only.
     */
    public static void copyBatchAsync(MemorySegment[] dsts, MemorySegment[] srcs, long[] sizes,
                                      SourceAccessOrder order, boolean preferOverlap, CudaStream stream) {
        try (BatchCall call = BatchCall.of(dsts, srcs, sizes, order, preferOverlap)) {
            call.issue(stream);
        }
    }

    /**
     * One {@code cudaMemcpyBatchAsync}'s arguments laid out in native memory once, to be issued
     * many times: a timed sample then holds the call alone, not the building of its arrays.
     * Closed by the thread that made it.
     */
    public static final class BatchCall implements AutoCloseable {
        private final Arena arena;
        private final MemorySegment dstArray;
        private final MemorySegment srcArray;
        private final MemorySegment sizeArray;
        private final MemorySegment attrs;
        private final MemorySegment attrIndex;
        private final int count;
        private final long total;
        private final String words;

        private BatchCall(Arena arena, MemorySegment dstArray, MemorySegment srcArray, MemorySegment sizeArray,
                          MemorySegment attrs, MemorySegment attrIndex, int count, long total, String words) {
            this.arena = arena;
            this.dstArray = dstArray;
            this.srcArray = srcArray;
            this.sizeArray = sizeArray;
            this.attrs = attrs;
            this.attrIndex = attrIndex;
            this.count = count;
            this.total = total;
            this.words = words;
        }

        /** The call of {@link #copyBatchAsync(MemorySegment[], MemorySegment[], long[], SourceAccessOrder, boolean, CudaStream)}. */
        public static BatchCall of(MemorySegment[] dsts, MemorySegment[] srcs, long[] sizes, SourceAccessOrder order,
                                   boolean preferOverlap) {
            int n = dsts.length;
            if (srcs.length != n || sizes.length != n || n == 0) {
                throw new IllegalArgumentException("a batch needs as many sources and sizes as destinations, at least one");
            }
            Arena arena = Arena.ofConfined();
            MemorySegment dstArray = arena.allocate(ValueLayout.ADDRESS, n);
            MemorySegment srcArray = arena.allocate(ValueLayout.ADDRESS, n);
            MemorySegment sizeArray = arena.allocate(ValueLayout.JAVA_LONG, n);
            long total = 0;
            for (int i = 0; i < n; i++) {
                dstArray.setAtIndex(ValueLayout.ADDRESS, i, dsts[i]);
                srcArray.setAtIndex(ValueLayout.ADDRESS, i, srcs[i]);
                sizeArray.setAtIndex(ValueLayout.JAVA_LONG, i, sizes[i]);
                total += sizes[i];
            }
            // One attribute for every copy; the location hints stay zero: they apply to managed memory only.
            MemorySegment attrs = cudaMemcpyAttributes.allocate(arena);
            cudaMemcpyAttributes.srcAccessOrder(attrs, order.code());
            cudaMemcpyAttributes.flags(attrs, preferOverlap ? cudart.cudaMemcpyFlagPreferOverlapWithCompute()
                    : cudart.cudaMemcpyFlagDefault());
            MemorySegment attrIndex = arena.allocateFrom(ValueLayout.JAVA_LONG, 0L);
            return new BatchCall(arena, dstArray, srcArray, sizeArray, attrs, attrIndex, n, total,
                    "source order " + order + (preferOverlap ? ", prefer overlap" : ""));
        }

        /** Queues the copies on {@code stream} (not the legacy default stream, which the call refuses). */
        public void issue(CudaStream stream) {
            int rc = cudart.cudaMemcpyBatchAsync(dstArray, srcArray, sizeArray, count, attrs, attrIndex, 1,
                    stream.handle());
            if (rc != Check.SUCCESS) {
                throw Check.failure(rc, "cudaMemcpyBatchAsync(" + count + " copies, " + total + " bytes, " + words
                        + ")");
            }
        }

        @Override
        public void close() {
            arena.close();
        }
    }

    private static int critical(MemorySegment dst, MemorySegment src, long bytes, CopyKind kind) {
        try {
            return (int) Critical.MEMCPY.invokeExact(dst, src, bytes, kind.code());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("critical cudaMemcpy failed", t);
        }
    }
}
