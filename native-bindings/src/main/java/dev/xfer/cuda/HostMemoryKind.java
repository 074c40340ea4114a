package dev.xfer.cuda;

import java.util.Locale;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The kinds of host memory a Java program can hand to a copy; see {@link HostBuffer}. Each kind is
 * one constant that says everything the measuring code asks of it: its label, how it is allocated,
 * whether it is page-locked (which also decides its noise class), whether it takes asynchronous
 * copies, how a kernel reaches it and how its pages are placed; a new kind is one constant here
 * (and its buffer class), with no switch over kinds elsewhere.
 */
public enum HostMemoryKind {
    /** Ordinary native memory: the driver stages it through its own pinned buffers. */
    PAGEABLE("pageable", false, true, KernelAccess.PAGEABLE_MEMORY_ACCESS, true, false, PageableHostBuffer::allocate),
    /** {@code cudaMallocHost}: page-locked, the copy engine reads and writes it directly. */
    PINNED("pinned", true, true, KernelAccess.UNIFIED_ADDRESSING, false, false,
            bytes -> PinnedHostBuffer.allocate(bytes, false)),
    /**
     * 2 MiB-aligned memory on transparent huge pages ({@code madvise(MADV_HUGEPAGE)}), touched, then
     * page-locked with {@code cudaHostRegister}: fewer, larger pieces for the copy engine.
     */
    PINNED_HUGE("pinned-huge", true, true, KernelAccess.REGISTERED_HOST_POINTER, false, true,
            HugePinnedHostBuffer::allocate),
    /** Ordinary native memory later page-locked with {@code cudaHostRegister}. */
    REGISTERED("registered", true, true, KernelAccess.REGISTERED_HOST_POINTER, false, true,
            RegisteredHostBuffer::allocate),
    /** {@code cudaHostAlloc(cudaHostAllocWriteCombined)}: fast for the device to read, slow for the CPU to read. */
    WRITE_COMBINED("write-combined", true, true, KernelAccess.UNIFIED_ADDRESSING, false, false,
            bytes -> PinnedHostBuffer.allocate(bytes, true)),
    /**
     * A Java array on the heap, passed to {@code cudaMemcpy} in a critical downcall without an off-heap
     * copy. Heap arrays can move during garbage collection, so only synchronous copies may use them.
     */
    HEAP("heap", false, false, KernelAccess.NEVER, false, false, HeapHostBuffer::allocate);

    /**
     * What lets a kernel on the SMs read and write a kind at its host address: each kind needs one
     * device property (or cannot be reached at all), and the device's attributes say whether it has it.
     */
    public enum KernelAccess {
        /** {@code cudaDevAttrUnifiedAddressing}: a page-locked buffer's host address is its device address. */
        UNIFIED_ADDRESSING,
        /** Unified addressing and {@code cudaDevAttrCanUseHostPointerForRegisteredMem}: memory page-locked by {@code cudaHostRegister}. */
        REGISTERED_HOST_POINTER,
        /** {@code cudaDevAttrPageableMemoryAccess}: ordinary (malloc'd) memory, read coherently (HMM or ATS). */
        PAGEABLE_MEMORY_ACCESS,
        /** Never: the memory may move while a kernel runs (a Java array is held still for one call only). */
        NEVER
    }

    private final String label;
    private final boolean pageLocked;
    private final boolean asyncCopies;
    private final KernelAccess kernelAccess;
    private final boolean placedByTouch;
    private final boolean registersUserMemory;
    private final LongFunction<HostBuffer> allocator;

    HostMemoryKind(String label, boolean pageLocked, boolean asyncCopies, KernelAccess kernelAccess,
                   boolean placedByTouch, boolean registersUserMemory, LongFunction<HostBuffer> allocator) {
        this.label = label;
        this.pageLocked = pageLocked;
        this.asyncCopies = asyncCopies;
        this.kernelAccess = kernelAccess;
        this.placedByTouch = placedByTouch;
        this.registersUserMemory = registersUserMemory;
        this.allocator = allocator;
    }

    /** The name used on the command line and in results, e.g. {@code write-combined}. */
    public String label() {
        return label;
    }

    /**
     * Whether the copy engine can DMA straight from it, so async copies really are asynchronous. It
     * is also the kind's noise class: memory that is not page-locked goes through the driver's
     * staging and the host's page tables, and varies far more between processes.
     */
    public boolean isPageLocked() {
        return pageLocked;
    }

    /** Whether asynchronous copies may use it: not where the memory may move under a queued copy (heap arrays). */
    public boolean allowsAsyncCopies() {
        return asyncCopies;
    }

    /** What a device needs for a kernel to reach this kind at its host address. */
    public KernelAccess kernelAccess() {
        return kernelAccess;
    }

    /**
     * Whether its pages land where they are first touched after allocation, so a placed run touches
     * them from its bound thread (pageable memory); the others are placed as they are allocated or
     * not at all (the Java heap).
     */
    public boolean placedByTouch() {
        return placedByTouch;
    }

    /**
     * Whether it is memory the program mapped itself (malloc'd, or huge pages by mmap), page-locked
     * afterwards with {@code cudaHostRegister}: the call a confidential VM refuses ("malloc +
     * cudaHostRegister()"). Both {@code registered} and {@code pinned-huge} are.
     */
    public boolean registersUserMemory() {
        return registersUserMemory;
    }

    /** Allocates a buffer of this kind; the one place that decides how each kind is made. */
    public HostBuffer allocate(long bytes) {
        return allocator.apply(bytes);
    }

    /** Parses a label as printed by {@link #label()}. */
    public static HostMemoryKind fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (HostMemoryKind kind : values()) {
            if (kind.label.equals(wanted)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown host memory kind '" + text + "' (expected " + labels() + ")");
    }

    /** Every label in order, as a sentence: {@code pageable, pinned, ... or heap}. */
    private static String labels() {
        HostMemoryKind[] all = values();
        return Stream.of(all).limit(all.length - 1L).map(HostMemoryKind::label).collect(Collectors.joining(", "))
                + " or " + all[all.length - 1].label;
    }

    @Override
    public String toString() {
        return label;
    }
}
