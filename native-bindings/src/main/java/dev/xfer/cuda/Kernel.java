package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;
import dev.xfer.cuda.generated.dim3;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A kernel of a {@link KernelLibrary}; valid while the library is loaded. Launched with
 * {@code cudaLaunchKernel}, which accepts a {@code cudaKernel_t} in place of a function pointer.
 */
public final class Kernel {
    private final String name;
    private final MemorySegment handle;

    Kernel(String name, MemorySegment handle) {
        this.name = name;
        this.handle = handle;
    }

    public String name() {
        return name;
    }

    /**
     * Launches a one-dimensional grid on {@code stream}, on the calling thread's current device.
     *
     * @param arguments the kernel's parameters in order; see {@link KernelArguments}
     */
    public void launch(long gridBlocks, int blockThreads, KernelArguments arguments, CudaStream stream) {
        if (gridBlocks < 1 || gridBlocks > Integer.toUnsignedLong(-1) || blockThreads < 1) {
            throw new IllegalArgumentException("bad launch shape for " + name + ": " + gridBlocks + " blocks of "
                    + blockThreads + " threads");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment grid = dim(arena, (int) gridBlocks);
            MemorySegment block = dim(arena, blockThreads);
            MemorySegment args = arguments.pointers(arena);
            int rc = cudart.cudaLaunchKernel(handle, grid, block, args, 0L, stream.handle());
            if (rc != Check.SUCCESS) {
                throw Check.failure(rc, "cudaLaunchKernel(" + name + ", " + gridBlocks + " x " + blockThreads + ")");
            }
        }
    }

    private static MemorySegment dim(Arena arena, int x) {
        MemorySegment d = dim3.allocate(arena);
        dim3.x(d, x);
        dim3.y(d, 1);
        dim3.z(d, 1);
        return d;
    }

    @Override
    public String toString() {
        return name;
    }

    /** Keeps the {@code void**} array layout in one place. */
    static MemorySegment pointerArray(Arena arena, MemorySegment[] values) {
        MemorySegment array = arena.allocate(ValueLayout.ADDRESS, values.length);
        for (int i = 0; i < values.length; i++) {
            array.setAtIndex(ValueLayout.ADDRESS, i, values[i]);
        }
        return array;
    }
}
