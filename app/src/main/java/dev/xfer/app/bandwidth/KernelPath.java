package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;

/**
 * {@code --copy kernel}, xfer's copy kernel ({@code copy_bytes}): the SMs load and store the other
 * side's memory themselves, page-locked host memory mapped into the GPU's address space, or device
 * memory. Asked for every kind; the device decides which it can reach ({@link KernelReach}). One
 * row per grid of {@code --blocks}; bidir too, and d2d.
 */
final class KernelPath implements PathDefinition {
    @Override
    public String label() {
        return "kernel";
    }

    @Override
    public boolean appliesTo(HostMemoryKind memory) {
        return true;
    }

    @Override
    public boolean launchesGrid() {
        return true;
    }

    @Override
    public boolean measuresBidir() {
        return true;
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.kernel(memory, size, reference);
    }
}
