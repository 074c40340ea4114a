package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;

/**
 * {@code --copy driver}: cudaMemcpy on the user's memory, every kind; the driver stages pageable
 * memory through its own pinned buffers. The path a configuration name without one means, and the
 * one bidir and d2d always have.
 */
final class DriverPath implements PathDefinition {
    @Override
    public String label() {
        return "driver";
    }

    @Override
    public boolean appliesTo(HostMemoryKind memory) {
        return true;
    }

    @Override
    public boolean measuresPatterns() {
        return true;
    }

    @Override
    public boolean measuresBidir() {
        return true;
    }

    /** {@code cudaMemcpyPeerAsync}, always: every p2p run has the driver's rows. */
    @Override
    public boolean measuresPeers() {
        return true;
    }

    @Override
    public boolean namedInLabels() {
        return false;
    }

    @Override
    public CopyNoise noise() {
        return CopyNoise.HOST_MEMORY;
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.driver(memory, size, reference);
    }
}
