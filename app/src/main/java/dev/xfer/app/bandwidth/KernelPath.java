package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;

/**
 * {@code --copy kernel}, xfer's copy kernel ({@code copy_bytes}): the SMs load and store the other
 * side's memory themselves, page-locked host memory mapped into the GPU's address space, or device
 * memory. Asked for every kind; the device decides which it can reach ({@link KernelReach}). One
 * row per grid of {@code --blocks}; bidir too, and d2d; p2p on the issuing GPU, one block per SM of it.
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
    public boolean measuresPatterns() {
        return true;
    }

    @Override
    public boolean measuresBidir() {
        return true;
    }

    @Override
    public boolean measuresPeers() {
        return true;
    }

    @Override
    public GridLaunch launch(XferKernels kernels) {
        return KernelCopy.of(kernels)::issue;
    }

    @Override
    public LaunchShape grid(int blocks) {
        return LaunchShape.ofBlocks(blocks);
    }

    /** {@code copy_bytes} in each grid, one kernel for all. */
    @Override
    public List<KernelInitiator> gridInitiators(GridLaunching on) {
        KernelCopy kernel = KernelCopy.of(on.kernels());
        return on.grids().stream().map(g -> new KernelInitiator(kernel, grid(g), on.timing(),
                on.timed(), on.gate(), on.stream())).toList();
    }

    @Override
    public Optional<ConfidentialComputingRefusal> refusedByConfidentialComputing() {
        return Optional.of(new ConfidentialComputingRefusal(ConfidentialComputingRules.KERNEL,
                ConfidentialComputingRules.KERNEL_D2D));
    }

    @Override
    public CopyNoise noise() {
        return CopyNoise.KERNEL;
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.kernel(memory, size, reference);
    }
}
