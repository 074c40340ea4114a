package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.MemorySegment;

/** Native memory the program already had, page-locked afterwards with {@code cudaHostRegister}. */
public final class RegisteredHostBuffer implements HostBuffer {
    private final PageableHostBuffer memory;
    private boolean registered;

    private RegisteredHostBuffer(PageableHostBuffer memory) {
        this.memory = memory;
        this.registered = true;
    }

    static RegisteredHostBuffer allocate(long bytes) {
        PageableHostBuffer memory = PageableHostBuffer.allocate(bytes);
        try {
            return register(memory);
        } catch (RuntimeException e) {
            memory.close();
            throw e;
        }
    }

    /** Page-locks {@code memory}; closing the result unregisters it and then frees it. */
    static RegisteredHostBuffer register(PageableHostBuffer memory) {
        // Mapped as well as portable: xfer's copy kernel reads and writes it at its host address
        // (cudaDevAttrCanUseHostPointerForRegisteredMem); copy-engine copies are unaffected.
        int rc = cudart.cudaHostRegister(memory.segment(), memory.bytes(),
                cudart.cudaHostRegisterPortable() | cudart.cudaHostRegisterMapped());
        Check.check(rc, "cudaHostRegister(" + memory.bytes() + " bytes)");
        return new RegisteredHostBuffer(memory);
    }

    @Override
    public HostMemoryKind kind() {
        return HostMemoryKind.REGISTERED;
    }

    @Override
    public long bytes() {
        return memory.bytes();
    }

    @Override
    public MemorySegment segment() {
        return memory.segment();
    }

    @Override
    public void close() {
        if (registered) {
            registered = false;
            try {
                Check.check(cudart.cudaHostUnregister(memory.segment()), "cudaHostUnregister(" + bytes() + " bytes)");
            } finally {
                memory.close();
            }
        }
    }
}
