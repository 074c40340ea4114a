package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.MemorySegment;

/**
 * Memory the program allocated itself, page-locked with {@code cudaHostRegister}: the part that
 * {@link RegisteredHostBuffer} and {@link HugePinnedHostBuffer} share. Closing unregisters it,
 * then releases the memory, once.
 */
final class HostRegistration implements AutoCloseable {
    private final MemorySegment segment;
    private final Runnable release;
    private boolean registered = true;

    private HostRegistration(MemorySegment segment, Runnable release) {
        this.segment = segment;
        this.release = release;
    }

    /**
     * Page-locks {@code segment}; on failure releases it and throws.
     *
     * @param what    the memory, for the error line ({@code 4096 bytes}, {@code 4096 bytes on huge pages})
     * @param release frees the memory once it is unregistered
     */
    static HostRegistration register(MemorySegment segment, String what, Runnable release) {
        try {
            // Mapped as well as portable: xfer's copy kernel reads and writes it at its host address
            // (cudaDevAttrCanUseHostPointerForRegisteredMem); copy-engine copies are unaffected.
            Check.check(cudart.cudaHostRegister(segment, segment.byteSize(),
                    cudart.cudaHostRegisterPortable() | cudart.cudaHostRegisterMapped()),
                    "cudaHostRegister(" + what + ")");
            return new HostRegistration(segment, release);
        } catch (RuntimeException e) {
            release.run();
            throw e;
        }
    }

    @Override
    public void close() {
        if (registered) {
            registered = false;
            try {
                Check.check(cudart.cudaHostUnregister(segment), "cudaHostUnregister(" + segment.byteSize() + " bytes)");
            } finally {
                release.run();
            }
        }
    }
}
