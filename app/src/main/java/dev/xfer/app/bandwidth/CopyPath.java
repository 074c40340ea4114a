package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.Locale;

/** Who moves the bytes across the link ({@code --copy}): the copy engine, xfer's staging lanes, or the SMs. */
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
    BATCH_API("batch-api");

    private final String label;

    CopyPath(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * Whether this path applies to {@code memory}: staging is for memory the copy engine cannot
     * read directly; the kernel is asked for every kind, and the device decides which it can
     * reach ({@link KernelReach}).
     */
    public boolean appliesTo(HostMemoryKind memory) {
        return switch (this) {
            case STAGED -> !memory.isPageLocked();
            // an asynchronous call: a heap array could move under it
            case BATCH_API -> memory.allowsAsyncCopies();
            case DRIVER, KERNEL -> true;
        };
    }

    public static CopyPath fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (CopyPath p : values()) {
            if (p.label.equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("--copy takes driver, staged, kernel or batch-api, not '" + text + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
