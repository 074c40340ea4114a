package dev.xfer.cuda;

import java.lang.foreign.MemorySegment;

/** Native memory the program already had, page-locked afterwards with {@code cudaHostRegister}. */
public final class RegisteredHostBuffer implements HostBuffer {
    private final PageableHostBuffer memory;
    private final HostRegistration registration;

    private RegisteredHostBuffer(PageableHostBuffer memory, HostRegistration registration) {
        this.memory = memory;
        this.registration = registration;
    }

    static RegisteredHostBuffer allocate(long bytes) {
        return register(PageableHostBuffer.allocate(bytes));
    }

    /** Page-locks {@code memory} (freed when that fails); closing the result unregisters it and then frees it. */
    static RegisteredHostBuffer register(PageableHostBuffer memory) {
        return new RegisteredHostBuffer(memory,
                HostRegistration.register(memory.segment(), memory.bytes() + " bytes", memory::close));
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
        registration.close();
    }
}
