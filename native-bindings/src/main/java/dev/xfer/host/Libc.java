package dev.xfer.host;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The libc functions this package calls, bound through the FFM API on first use. The system call
 * numbers are those of x86-64; {@link #requireSupported()} refuses every other platform before a
 * handle is made.
 */
final class Libc {
    static final long SYS_MBIND = 237;
    static final long SYS_SET_MEMPOLICY = 238;
    static final long SYS_GET_MEMPOLICY = 239;
    static final long SYS_MOVE_PAGES = 279;

    static final int PROT_READ = 1;
    static final int PROT_WRITE = 2;
    static final int MAP_PRIVATE = 2;
    static final int MAP_ANONYMOUS = 0x20;
    static final int MADV_HUGEPAGE = 14;

    /** glibc's {@code _SC_PAGESIZE}. */
    private static final int SC_PAGESIZE = 30;

    private static final String OS = System.getProperty("os.name", "unknown");
    private static final String ARCH = System.getProperty("os.arch", "unknown");

    private Libc() {
    }

    /** Linux on x86-64, where the system call numbers above hold. */
    static boolean isSupported() {
        String arch = ARCH.toLowerCase(Locale.ROOT);
        return OS.equals("Linux") && (arch.equals("amd64") || arch.equals("x86_64"));
    }

    /** Why placement cannot work here, for messages. */
    static String platform() {
        return OS + " " + ARCH;
    }

    static void requireSupported() {
        if (!isSupported()) {
            throw new UnsupportedOperationException("CPU and NUMA memory placement needs Linux on x86-64; this is "
                    + platform());
        }
    }

    /** The result of a call and the errno it left (meaningful only when the result says it failed). */
    record Result(long value, int errno) {
        boolean failed() {
            return value == -1;
        }
    }

    static Result schedGetaffinity(long bytes, MemorySegment mask) {
        return call(capture -> (int) Handles.SCHED_GETAFFINITY.invokeExact(capture, 0, bytes, mask));
    }

    static Result schedSetaffinity(long bytes, MemorySegment mask) {
        return call(capture -> (int) Handles.SCHED_SETAFFINITY.invokeExact(capture, 0, bytes, mask));
    }

    /** {@code set_mempolicy(mode, nodemask, maxnode)}. */
    static Result setMempolicy(int mode, MemorySegment nodemask, long maxnode) {
        return call(capture -> (long) Handles.SET_MEMPOLICY.invokeExact(capture, SYS_SET_MEMPOLICY, (long) mode,
                nodemask, maxnode));
    }

    /** {@code get_mempolicy(&mode, nodemask, maxnode, addr, flags)}. */
    static Result getMempolicy(MemorySegment mode, MemorySegment nodemask, long maxnode, MemorySegment addr,
                               long flags) {
        return call(capture -> (long) Handles.GET_MEMPOLICY.invokeExact(capture, SYS_GET_MEMPOLICY, mode, nodemask,
                maxnode, addr, flags));
    }

    /** {@code mbind(addr, len, mode, nodemask, maxnode, flags)}. */
    static Result mbind(MemorySegment addr, long len, int mode, MemorySegment nodemask, long maxnode, long flags) {
        return call(capture -> (long) Handles.MBIND.invokeExact(capture, SYS_MBIND, addr, len, (long) mode, nodemask,
                maxnode, flags));
    }

    /** {@code move_pages(pid, count, pages, nodes, status, flags)}. */
    static Result movePages(long count, MemorySegment pages, MemorySegment nodes, MemorySegment status) {
        return call(capture -> (long) Handles.MOVE_PAGES.invokeExact(capture, SYS_MOVE_PAGES, 0L, count, pages, nodes,
                status, 0L));
    }

    /** {@code mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)}: anonymous memory. */
    static Result mmapAnonymous(long length) {
        return call(capture -> (long) Handles.MMAP.invokeExact(capture, 0L, length, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L));
    }

    static Result munmap(long address, long length) {
        return call(capture -> (long) (int) Handles.MUNMAP.invokeExact(capture, address, length));
    }

    static Result madvise(long address, long length, int advice) {
        return call(capture -> (long) (int) Handles.MADVISE.invokeExact(capture, address, length, advice));
    }

    static long pageSize() {
        try {
            return (long) Handles.SYSCONF.invokeExact(SC_PAGESIZE);
        } catch (Throwable t) {
            throw new IllegalStateException("sysconf(_SC_PAGESIZE) failed", t);
        }
    }

    @FunctionalInterface
    private interface Call {
        long invoke(MemorySegment capture) throws Throwable;
    }

    private static Result call(Call call) {
        requireSupported();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(Handles.CAPTURE);
            long value;
            try {
                value = call.invoke(capture);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException("native call failed", t);
            }
            return new Result(value, (int) Handles.ERRNO.get(capture, 0L));
        }
    }

    /** The handles, made when first needed, so that loading this class on another platform is harmless. */
    private static final class Handles {
        static final Linker LINKER = Linker.nativeLinker();
        static final SymbolLookup LIBC = LINKER.defaultLookup();
        static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");
        static final AddressLayout POINTER = ValueLayout.ADDRESS;
        static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
        static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;

        static final MethodHandle SCHED_GETAFFINITY = function("sched_getaffinity",
                FunctionDescriptor.of(INT, INT, LONG, POINTER), ERRNO_OPTION);
        static final MethodHandle SCHED_SETAFFINITY = function("sched_setaffinity",
                FunctionDescriptor.of(INT, INT, LONG, POINTER), ERRNO_OPTION);
        static final MethodHandle SYSCONF = function("sysconf", FunctionDescriptor.of(LONG, INT));
        // Addresses as longs: mmap's MAP_FAILED is (void *) -1, which Result reads as a failure.
        static final MethodHandle MMAP = function("mmap", FunctionDescriptor.of(LONG, LONG, LONG, INT, INT, INT, LONG),
                ERRNO_OPTION);
        static final MethodHandle MUNMAP = function("munmap", FunctionDescriptor.of(INT, LONG, LONG), ERRNO_OPTION);
        static final MethodHandle MADVISE = function("madvise", FunctionDescriptor.of(INT, LONG, LONG, INT),
                ERRNO_OPTION);
        // long syscall(long number, ...): the arguments after the number are variadic, each passed
        // as a long or a pointer (an int would be promoted anyway; longs leave no upper bits undefined).
        static final MethodHandle SET_MEMPOLICY = syscall(LONG, POINTER, LONG);
        static final MethodHandle GET_MEMPOLICY = syscall(POINTER, POINTER, LONG, POINTER, LONG);
        static final MethodHandle MBIND = syscall(POINTER, LONG, LONG, POINTER, LONG, LONG);
        static final MethodHandle MOVE_PAGES = syscall(LONG, LONG, POINTER, POINTER, POINTER, LONG);

        private Handles() {
        }

        private static MethodHandle function(String name, FunctionDescriptor descriptor, Linker.Option... options) {
            MemorySegment symbol = LIBC.find(name).orElseThrow(() ->
                    new UnsupportedOperationException("libc has no " + name + " on this " + platform()));
            return LINKER.downcallHandle(symbol, descriptor, options);
        }

        private static MethodHandle syscall(MemoryLayout... variadic) {
            MemoryLayout[] arguments = new MemoryLayout[variadic.length + 1];
            arguments[0] = LONG;
            System.arraycopy(variadic, 0, arguments, 1, variadic.length);
            return function("syscall", FunctionDescriptor.of(LONG, arguments),
                    Linker.Option.firstVariadicArg(1), ERRNO_OPTION);
        }
    }
}
