package dev.xfer.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A kernel's parameter values in declaration order, each with the C type the kernel declares.
 * {@code cudaLaunchKernel} takes an array of pointers, one to each value.
 */
public final class KernelArguments {
    private final List<Function<Arena, MemorySegment>> values = new ArrayList<>();

    /** A pointer parameter ({@code float *a}): a device address. */
    public KernelArguments pointer(MemorySegment deviceAddress) {
        values.add(arena -> arena.allocateFrom(ValueLayout.ADDRESS, deviceAddress));
        return this;
    }

    /** A {@code long long} parameter. */
    public KernelArguments int64(long value) {
        values.add(arena -> arena.allocateFrom(ValueLayout.JAVA_LONG, value));
        return this;
    }

    /** An {@code int} or {@code unsigned int} parameter. */
    public KernelArguments int32(int value) {
        values.add(arena -> arena.allocateFrom(ValueLayout.JAVA_INT, value));
        return this;
    }

    MemorySegment pointers(Arena arena) {
        MemorySegment[] pointers = new MemorySegment[values.size()];
        for (int i = 0; i < pointers.length; i++) {
            pointers[i] = values.get(i).apply(arena);
        }
        return Kernel.pointerArray(arena, pointers);
    }
}
