package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.IntSupplier;

/**
 * Makes NVML calls and turns their return codes into exceptions. Only used once the library is
 * loaded, so the description can come from {@code nvmlErrorString}.
 */
final class NvmlCheck {
    private NvmlCheck() {
    }

    /**
     * Runs one NVML call and checks its code.
     *
     * @throws NvmlException naming {@code call} unless it returned NVML_SUCCESS; with
     *                       NVML_ERROR_FUNCTION_NOT_FOUND when the loaded library (an older
     *                       driver's) lacks the function
     */
    static void call(String call, IntSupplier nativeCall) {
        check(invoke(call, nativeCall), call);
    }

    /**
     * Runs one NVML call and returns its code unchecked, for callers that handle some codes
     * themselves (NVML_ERROR_INSUFFICIENT_SIZE when sizing a list).
     *
     * @throws NvmlException with NVML_ERROR_FUNCTION_NOT_FOUND when the library lacks the function
     */
    static int invoke(String call, IntSupplier nativeCall) {
        try {
            return nativeCall.getAsInt();
        } catch (LinkageError e) {
            // The generated bindings resolve a function when first called: a symbol missing from
            // this libnvidia-ml (an older driver's) fails there (UnsatisfiedLinkError, then
            // NoClassDefFoundError on later calls).
            int notFound = nvml.NVML_ERROR_FUNCTION_NOT_FOUND();
            throw new NvmlException(call, new NvmlError(notFound, NvmlReturn.name(notFound),
                    "this libnvidia-ml does not have it"));
        }
    }

    /** Throws an {@link NvmlException} naming {@code call} unless {@code rc} is NVML_SUCCESS. */
    static void check(int rc, String call) {
        if (rc != NvmlReturn.SUCCESS) {
            throw new NvmlException(call, describe(rc));
        }
    }

    static NvmlError describe(int rc) {
        try {
            return new NvmlError(rc, NvmlReturn.name(rc), cString(nvml.nvmlErrorString(rc), 256));
        } catch (LinkageError e) {
            return NvmlError.named(rc);
        }
    }

    /** A call that fills one C int. */
    @FunctionalInterface
    interface IntOut {
        int call(MemorySegment out);
    }

    /** A call that fills a C string buffer of the given length. */
    @FunctionalInterface
    interface StringOut {
        int call(MemorySegment buffer, int length);
    }

    static int readInt(String call, IntOut nativeCall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
            call(call, () -> nativeCall.call(out));
            return out.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /** A C unsigned int, widened without its sign. */
    static long readUnsignedInt(String call, IntOut nativeCall) {
        return Integer.toUnsignedLong(readInt(call, nativeCall));
    }

    static long readLong(String call, IntOut nativeCall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            call(call, () -> nativeCall.call(out));
            return out.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    static String readString(String call, int length, StringOut nativeCall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(length);
            call(call, () -> nativeCall.call(buffer, length));
            return buffer.getString(0);
        }
    }

    // Restricted by design: a C string from NVML has no length; the caller bounds the read.
    @SuppressWarnings("restricted")
    static String cString(MemorySegment pointer, long bound) {
        if (pointer.equals(MemorySegment.NULL)) {
            return "";
        }
        return pointer.reinterpret(bound).getString(0);
    }
}
