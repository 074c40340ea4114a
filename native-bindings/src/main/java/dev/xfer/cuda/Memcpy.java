package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** Checked copies. Heap segments go through a critical downcall; everything else through the bindings. */
public final class Memcpy {
    /**
     * cudaMemcpy linked as a critical function that may take heap segments: the JVM passes the
     * array's address and keeps the array in place for the length of the call.
     */
    private static final class Critical {
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
