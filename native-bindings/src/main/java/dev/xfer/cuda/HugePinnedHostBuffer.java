package dev.xfer.cuda;

import dev.xfer.host.HugePageMemory;
import dev.xfer.host.PlacementException;

import java.lang.foreign.MemorySegment;

/**
 * Page-locked memory on transparent huge pages: 2 MiB-aligned anonymous memory advised
 * {@code MADV_HUGEPAGE} and touched ({@link HugePageMemory}), then {@code cudaHostRegister}ed.
 * Closing unregisters it, then unmaps it.
 */
public final class HugePinnedHostBuffer implements HostBuffer {
    private final HugePageMemory memory;
    private final HostRegistration registration;

    private HugePinnedHostBuffer(HugePageMemory memory, HostRegistration registration) {
        this.memory = memory;
        this.registration = registration;
    }

    static HugePinnedHostBuffer allocate(long bytes) {
        Sizes.requirePositive(bytes, "pinned-huge host buffer");
        HugePageMemory memory;
        try {
            memory = HugePageMemory.map(bytes);
        } catch (PlacementException | UnsupportedOperationException e) {
            throw new HostAllocationException("cannot allocate " + bytes + " bytes of huge-page host memory: "
                    + e.getMessage(), e);
        }
        return new HugePinnedHostBuffer(memory,
                HostRegistration.register(memory.segment(), bytes + " bytes on huge pages", memory::close));
    }

    /** How much of it the kernel backs with huge pages; see {@link HugePageMemory#hugeBytes()}. */
    public java.util.OptionalLong hugeBytes() {
        return memory.hugeBytes();
    }

    @Override
    public HostMemoryKind kind() {
        return HostMemoryKind.PINNED_HUGE;
    }

    @Override
    public long bytes() {
        return memory.segment().byteSize();
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
