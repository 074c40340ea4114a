package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A fatbin, cubin or PTX image loaded with {@code cudaLibraryLoadData}, unloaded exactly once by
 * {@link #close()}. The runtime picks the image's machine code for the device, or JIT-compiles
 * its PTX for a newer one, so running xfer needs neither nvcc nor NVRTC.
 */
public final class KernelLibrary implements AutoCloseable {
    private final Arena arena;
    private MemorySegment handle;

    private KernelLibrary(Arena arena, MemorySegment handle) {
        this.arena = arena;
        this.handle = handle;
    }

    /**
     * Loads {@code image}.
     *
     * @param description names the image in error messages, e.g. the resource it came from
     */
    public static KernelLibrary load(byte[] image, String description) {
        Arena arena = Arena.ofShared();
        try {
            MemorySegment code = arena.allocate(image.length + 1L, 16);
            MemorySegment.copy(MemorySegment.ofArray(image), 0, code, 0, image.length);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            int rc = cudart.cudaLibraryLoadData(out, code, MemorySegment.NULL, MemorySegment.NULL, 0,
                    MemorySegment.NULL, MemorySegment.NULL, 0);
            Check.check(rc, "cudaLibraryLoadData(" + description + ", " + image.length + " bytes)");
            return new KernelLibrary(arena, out.get(ValueLayout.ADDRESS, 0));
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** The kernel named {@code name} (an {@code extern "C"} name, so unmangled). */
    public Kernel kernel(String name) {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment out = local.allocate(ValueLayout.ADDRESS);
            Check.check(cudart.cudaLibraryGetKernel(out, live(), local.allocateFrom(name)),
                    "cudaLibraryGetKernel(" + name + ")");
            return new Kernel(name, out.get(ValueLayout.ADDRESS, 0));
        }
    }

    private MemorySegment live() {
        if (handle == null) {
            throw new IllegalStateException("kernel library already unloaded");
        }
        return handle;
    }

    @Override
    public void close() {
        if (handle != null) {
            MemorySegment h = handle;
            handle = null;
            try {
                Check.check(cudart.cudaLibraryUnload(h), "cudaLibraryUnload");
            } finally {
                arena.close();
            }
        }
    }
}
