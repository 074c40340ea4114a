package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.Locale;

/**
 * Who moves the bytes across the link ({@code --copy}): the copy engine, xfer's staging lanes, the
 * SMs, or the SMs' bulk-copy unit (TMA).
 */
public enum CopyPath {
    /** cudaMemcpy on the user's memory: the driver stages it through its own pinned buffers. */
    DRIVER("driver"),
    /** xfer's own: threads copy through a ring of pinned slots while the copy engine drains it. */
    STAGED("staged"),
    /**
     * xfer's copy kernel ({@code copy_bytes}): the SMs load and store the other side's memory
     * themselves, page-locked host memory mapped into the GPU's address space, or device memory.
     */
    KERNEL("kernel"),
    /**
     * One {@code cudaMemcpyBatchAsync} of the buffer split into {@code --pieces} copies, sources
     * read in stream order: the copy engine moves the bytes, and each piece's launch costs what
     * the call does per copy.
     */
    BATCH_API("batch-api"),
    /**
     * xfer's TMA copy ({@code tma_copy}, compute capability 9.0 and up): Hopper's bulk-copy unit
     * moves chunks global -> shared -> global through shared-memory stages, an mbarrier counting
     * each load's bytes in; reaches what the copy kernel reaches ({@link KernelReach}). Below 9.0
     * its configurations are waived ({@link TmaSupport}).
     */
    TMA("tma");

    private final String label;

    CopyPath(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * Whether this path applies to {@code memory}: staging is for memory the copy engine cannot
     * read directly; the kernel and TMA are asked for every kind, and the device decides which they can
     * reach ({@link KernelReach}).
     */
    public boolean appliesTo(HostMemoryKind memory) {
        return switch (this) {
            case STAGED -> !memory.isPageLocked();
            // an asynchronous call: a heap array could move under it
            case BATCH_API -> memory.allowsAsyncCopies();
            case DRIVER, KERNEL, TMA -> true;
        };
    }

    public static CopyPath fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (CopyPath p : values()) {
            if (p.label.equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("--copy takes driver, staged, kernel, batch-api or tma, not '" + text + "'");
    }

    /** Whether this path is launched on a grid of {@code --blocks}: the copy kernel and the TMA copy. */
    public boolean launchesGrid() {
        return this == KERNEL || this == TMA;
    }

    @Override
    public String toString() {
        return label;
    }
}
