package dev.xfer.host;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The C library's {@code memcpy} between native segments. {@link MemorySegment#copy} moves off-heap
 * bytes with HotSpot's element-atomic copy loop; glibc's {@code memcpy} picks the CPU's fastest
 * way ({@code rep movsb}, wide vector or non-temporal stores), which is what a C or PyTorch
 * program copying into pinned memory gets. The call is a critical downcall: no thread-state
 * transition, as for a few microseconds of copying it would cost more than it protects.
 */
public final class HostMemcpy {
    private HostMemcpy() {
    }

    /**
     * Copies {@code bytes} from {@code src} at {@code srcOffset} to {@code dst} at {@code dstOffset}.
     *
     * A segment may be a Java array's ({@link MemorySegment#ofArray}): then the call is linked with
     * heap access, the JVM passes the array's address and keeps the array in place for the call,
     * so a staged copy reads and writes a heap array with no copy of it first. Callers keep each
     * call short (a staging slot, megabytes), as the garbage collector waits for it.
     *
     * @throws IndexOutOfBoundsException when either range lies outside its segment
     */
    public static void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes) {
        MemorySegment from = src.asSlice(srcOffset, bytes);
        MemorySegment to = dst.asSlice(dstOffset, bytes);
        if (bytes == 0) {
            return;
        }
        try {
            MemorySegment ignored = src.isNative() && dst.isNative()
                    ? (MemorySegment) Handle.MEMCPY.invokeExact(to, from, bytes)
                    : (MemorySegment) HeapHandle.MEMCPY.invokeExact(to, from, bytes);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("memcpy failed", t);
        }
    }

    /** memcpy from the C library; {@code heapAccess}: linked so that heap segments may be passed. */
    @SuppressWarnings("restricted") // linking a C function is what this class is for
    private static MethodHandle link(boolean heapAccess) {
        Linker linker = Linker.nativeLinker();
        MemorySegment symbol = linker.defaultLookup().find("memcpy")
                .orElseThrow(() -> new UnsupportedOperationException("the C library has no memcpy"));
        return linker.downcallHandle(symbol, FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), Linker.Option.critical(heapAccess));
    }

    /** Made on first use, so that merely loading this class binds nothing. */
    private static final class Handle {
        static final MethodHandle MEMCPY = link(false);

        private Handle() {
        }
    }

    /** memcpy again, linked so that heap segments may be passed; made only when one is. */
    private static final class HeapHandle {
        static final MethodHandle MEMCPY = link(true);

        private HeapHandle() {
        }
    }
}
