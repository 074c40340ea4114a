package dev.xfer.cuda;

import java.util.Locale;

/** The kinds of host memory a Java program can hand to a copy; see {@link HostBuffer}. */
public enum HostMemoryKind {
    /** Ordinary native memory: the driver stages it through its own pinned buffers. */
    PAGEABLE("pageable", false),
    /** {@code cudaMallocHost}: page-locked, the copy engine reads and writes it directly. */
    PINNED("pinned", true),
    /**
     * 2 MiB-aligned memory on transparent huge pages ({@code madvise(MADV_HUGEPAGE)}), touched, then
     * page-locked with {@code cudaHostRegister}: fewer, larger pieces for the copy engine.
     */
    PINNED_HUGE("pinned-huge", true),
    /** Ordinary native memory later page-locked with {@code cudaHostRegister}. */
    REGISTERED("registered", true),
    /** {@code cudaHostAlloc(cudaHostAllocWriteCombined)}: fast for the device to read, slow for the CPU to read. */
    WRITE_COMBINED("write-combined", true),
    /** A Java array on the heap, passed to {@code cudaMemcpy} in a critical downcall without an off-heap copy. */
    HEAP("heap", false);

    private final String label;
    private final boolean pageLocked;

    HostMemoryKind(String label, boolean pageLocked) {
        this.label = label;
        this.pageLocked = pageLocked;
    }

    /** The name used on the command line and in results, e.g. {@code write-combined}. */
    public String label() {
        return label;
    }

    /** Whether the copy engine can DMA straight from it, so async copies really are asynchronous. */
    public boolean isPageLocked() {
        return pageLocked;
    }

    /** Heap arrays can move during garbage collection, so only synchronous copies may use them. */
    public boolean allowsAsyncCopies() {
        return this != HEAP;
    }

    /** Allocates a buffer of this kind; the one place that decides how each kind is made. */
    public HostBuffer allocate(long bytes) {
        return switch (this) {
            case PAGEABLE -> PageableHostBuffer.allocate(bytes);
            case PINNED -> PinnedHostBuffer.allocate(bytes, false);
            case PINNED_HUGE -> HugePinnedHostBuffer.allocate(bytes);
            case WRITE_COMBINED -> PinnedHostBuffer.allocate(bytes, true);
            case REGISTERED -> RegisteredHostBuffer.allocate(bytes);
            case HEAP -> HeapHostBuffer.allocate(bytes);
        };
    }

    /** Parses a label as printed by {@link #label()}. */
    public static HostMemoryKind fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (HostMemoryKind kind : values()) {
            if (kind.label.equals(wanted)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown host memory kind '" + text
                + "' (expected pageable, pinned, pinned-huge, registered, write-combined or heap)");
    }

    @Override
    public String toString() {
        return label;
    }
}
