package dev.xfer.host;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The calling thread's CPU affinity and NUMA memory policy, and where pages of memory are.
 *
 * <p>Each method acts on the calling thread only (a Java platform thread is one kernel thread):
 * binding one thread leaves the JVM's others as they were. Pages are placed when first touched,
 * so memory a thread allocates and writes after {@link #bindMemoryToNode(int)} lands on that node,
 * and memory it had before stays where it is unless moved ({@link #moveToNode(MemorySegment, int)}).
 *
 * <p>Linux on x86-64 only: elsewhere every method but {@link #isSupported()} throws
 * {@link UnsupportedOperationException}. A call the kernel refuses throws
 * {@link PlacementException} naming the call and its errno.
 */
public final class ThreadPlacement {
    /** Node numbers this class handles: 0 to 1023 (x86-64 kernels are built with at most 1024). */
    public static final int MAX_NODES = 1024;

    private static final int NODEMASK_WORDS = MAX_NODES / 64;
    // The kernel reads maxnode - 1 bits (it has done so since 2.6), so libnuma passes one more.
    private static final long MAXNODE = MAX_NODES + 1;
    private static final int MPOL_MF_MOVE = 1 << 1;
    private static final int MPOL_F_NODE = 1;
    private static final int MPOL_F_ADDR = 1 << 1;
    private static final int FIRST_AFFINITY_BYTES = 128;

    private ThreadPlacement() {
    }

    /** Whether this platform (Linux on x86-64) has what this class needs. */
    public static boolean isSupported() {
        return Libc.isSupported();
    }

    // ---- CPUs

    /** The CPUs the calling thread may run on. */
    public static CpuSet current() {
        Libc.requireSupported();
        // The kernel refuses a mask shorter than its own CPU count: grow until it fits.
        for (long bytes = FIRST_AFFINITY_BYTES; bytes <= CpuSet.CPU_LIMIT / 8; bytes *= 2) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mask = arena.allocate(bytes, 8);
                Libc.Result r = Libc.schedGetaffinity(bytes, mask);
                if (!r.failed()) {
                    return CpuSet.fromMask(mask.toArray(ValueLayout.JAVA_LONG));
                }
                if (r.errno() != Errno.EINVAL) {
                    throw new PlacementException("sched_getaffinity(0, " + bytes + " bytes)", r.errno(), "");
                }
            }
        }
        throw new PlacementException("sched_getaffinity(0, " + CpuSet.CPU_LIMIT / 8 + " bytes)", Errno.EINVAL,
                "this kernel has more than " + CpuSet.CPU_LIMIT + " CPUs");
    }

    /**
     * Lets the calling thread run only on {@code cpus}.
     *
     * @throws IllegalArgumentException when {@code cpus} is empty or holds a number out of range
     * @throws PlacementException       when none of them is online and allowed to this process
     */
    public static void bind(Collection<Integer> cpus) {
        Libc.requireSupported();
        CpuSet set = CpuSet.of(cpus);
        if (set.isEmpty()) {
            throw new IllegalArgumentException("a thread needs at least one CPU to run on");
        }
        int words = Math.max(FIRST_AFFINITY_BYTES / 8, set.wordsNeeded());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocateFrom(ValueLayout.JAVA_LONG, set.toMask(words));
            Libc.Result r = Libc.schedSetaffinity(mask.byteSize(), mask);
            if (r.failed()) {
                throw new PlacementException("sched_setaffinity(0, CPUs " + set + ")", r.errno(),
                        r.errno() == Errno.EINVAL
                                ? "none of these CPUs is online and allowed to this process (see its cpuset, "
                                + "Cpus_allowed_list in /proc/self/status)"
                                : "");
            }
        }
    }

    // ---- memory policy

    /** The calling thread's memory policy ({@code get_mempolicy} without an address). */
    public static MemoryPolicy memoryPolicy() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mode = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment mask = arena.allocate(ValueLayout.JAVA_LONG, NODEMASK_WORDS);
            Libc.Result r = Libc.getMempolicy(mode, mask, MAXNODE, MemorySegment.NULL, 0);
            if (r.failed()) {
                throw new PlacementException("get_mempolicy(thread)", r.errno(), explainPolicyFailure(r.errno(), -1));
            }
            List<Integer> nodes = CpuSet.fromMask(mask.toArray(ValueLayout.JAVA_LONG)).cpus().stream().toList();
            return MemoryPolicy.of(mode.get(ValueLayout.JAVA_INT, 0), nodes);
        }
    }

    /**
     * Sets the calling thread's memory policy ({@code set_mempolicy}), e.g. one read earlier with
     * {@link #memoryPolicy()}.
     */
    public static void setMemoryPolicy(MemoryPolicy policy) {
        for (int node : policy.nodes()) {
            requireNodeInRange(node);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = policy.nodes().isEmpty() ? MemorySegment.NULL : nodemask(arena, policy.nodes());
            long maxnode = policy.nodes().isEmpty() ? 0 : MAXNODE;
            Libc.Result r = Libc.setMempolicy(policy.mode(), mask, maxnode);
            if (r.failed()) {
                int node = policy.nodes().isEmpty() ? -1 : policy.nodes().first();
                throw new PlacementException("set_mempolicy(" + policy + ")", r.errno(),
                        explainPolicyFailure(r.errno(), policy.nodes().size() == 1 ? node : -1));
            }
        }
    }

    /**
     * Makes pages the calling thread touches first from now on come only from {@code node}
     * ({@code set_mempolicy(MPOL_BIND, {node})}).
     *
     * @throws IllegalArgumentException when {@code node} is negative or at least {@link #MAX_NODES}
     * @throws PlacementException       when the node does not exist, has no memory, or is not
     *                                  allowed to this process
     */
    public static void bindMemoryToNode(int node) {
        requireNodeInRange(node);
        setMemoryPolicy(MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(node)));
    }

    /** Back to the default: pages come from the node of the CPU that touches them first. */
    public static void resetMemoryPolicy() {
        setMemoryPolicy(MemoryPolicy.of(MemoryPolicy.MPOL_DEFAULT, List.of()));
    }

    /**
     * Binds the pages under {@code segment} to {@code node} and moves those already elsewhere
     * there ({@code mbind(MPOL_BIND, MPOL_MF_MOVE)} over the whole pages it spans). Pages that
     * cannot move (page-locked ones, for one) stay where they are; {@link #nodesOfPages} tells.
     */
    public static void moveToNode(MemorySegment segment, int node) {
        requireNodeInRange(node);
        requireNative(segment);
        if (segment.byteSize() == 0) {
            return;
        }
        long page = pageSize();
        long start = segment.address() & -page;
        long end = ((segment.address() + segment.byteSize() + page - 1) & -page);
        try (Arena arena = Arena.ofConfined()) {
            Libc.Result r = Libc.mbind(MemorySegment.ofAddress(start), end - start, MemoryPolicy.MPOL_BIND,
                    nodemask(arena, List.of(node)), MAXNODE, MPOL_MF_MOVE);
            if (r.failed()) {
                throw new PlacementException("mbind(" + (end - start) + " bytes, MPOL_BIND nodes " + node
                        + ", MPOL_MF_MOVE)", r.errno(), explainPolicyFailure(r.errno(), node));
            }
        }
    }

    // ---- where pages are

    /**
     * The NUMA node of up to {@code samples} evenly spaced pages of {@code segment}, the first and
     * the last page among them ({@code move_pages} with no target nodes only reports). An entry is
     * negative, minus an errno, for a page that is not there: {@code -ENOENT} (-2) for one never
     * touched, {@code -EFAULT} (-14) for an address that is not mapped.
     *
     * @throws IllegalArgumentException when {@code segment} is not native memory (a heap array has
     *                                  no fixed address), or {@code samples} is below 1
     */
    public static int[] nodesOfPages(MemorySegment segment, int samples) {
        requireNative(segment);
        if (samples < 1) {
            throw new IllegalArgumentException("sample at least one page, not " + samples);
        }
        if (segment.byteSize() == 0) {
            return new int[0];
        }
        long page = pageSize();
        long first = segment.address() & -page;
        long last = (segment.address() + segment.byteSize() - 1) & -page;
        long pages = (last - first) / page + 1;
        int count = (int) Math.min(samples, pages);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment addresses = arena.allocate(ValueLayout.ADDRESS, count);
            for (int i = 0; i < count; i++) {
                long index = count == 1 ? 0 : i * (pages - 1) / (count - 1);
                addresses.setAtIndex(ValueLayout.ADDRESS, i, MemorySegment.ofAddress(first + index * page));
            }
            MemorySegment status = arena.allocate(ValueLayout.JAVA_INT, count);
            Libc.Result r = Libc.movePages(count, addresses, MemorySegment.NULL, status);
            if (r.failed()) {
                throw new PlacementException("move_pages(0, " + count + " pages, NULL)", r.errno(),
                        r.errno() == Errno.EPERM || r.errno() == Errno.ENOSYS
                                ? "the kernel or a seccomp filter (containers) refuses NUMA system calls"
                                : "");
            }
            return status.toArray(ValueLayout.JAVA_INT);
        }
    }

    /** The node of the page at {@code address} ({@code get_mempolicy(MPOL_F_NODE | MPOL_F_ADDR)}); faults it in. */
    public static int nodeOfAddress(MemorySegment address) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment node = arena.allocate(ValueLayout.JAVA_INT);
            Libc.Result r = Libc.getMempolicy(node, MemorySegment.NULL, 0, address, MPOL_F_NODE | MPOL_F_ADDR);
            if (r.failed()) {
                throw new PlacementException("get_mempolicy(MPOL_F_NODE | MPOL_F_ADDR, 0x"
                        + Long.toHexString(address.address()) + ")", r.errno(), "");
            }
            return node.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /** The size of a base page, 4096 on x86-64. */
    public static long pageSize() {
        Libc.requireSupported();
        return Libc.pageSize();
    }

    /** The nodes that {@code statuses} (from {@link #nodesOfPages}) name, without the errors. */
    public static List<Integer> nodesIn(int[] statuses) {
        List<Integer> nodes = new ArrayList<>();
        for (int status : statuses) {
            if (status >= 0) {
                nodes.add(status);
            }
        }
        return nodes;
    }

    private static MemorySegment nodemask(Arena arena, Collection<Integer> nodes) {
        long[] words = new long[NODEMASK_WORDS];
        for (int node : nodes) {
            words[node / 64] |= 1L << (node % 64);
        }
        return arena.allocateFrom(ValueLayout.JAVA_LONG, words);
    }

    private static void requireNodeInRange(int node) {
        if (node < 0 || node >= MAX_NODES) {
            throw new IllegalArgumentException("NUMA nodes are numbered 0 to " + (MAX_NODES - 1) + ", not " + node);
        }
    }

    private static void requireNative(MemorySegment segment) {
        if (!segment.isNative()) {
            throw new IllegalArgumentException("only native memory has pages to place; this segment is on the Java heap");
        }
    }

    private static String explainPolicyFailure(int errno, int node) {
        return switch (errno) {
            case Errno.EINVAL -> node >= 0
                    ? "NUMA node " + node + " does not exist, has no memory, or is not allowed to this process"
                    + " (see Mems_allowed_list in /proc/self/status)"
                    : "a node does not exist, has no memory, or is not allowed to this process";
            case Errno.EPERM, Errno.ENOSYS -> "the kernel or a seccomp filter (containers) refuses NUMA system calls";
            default -> "";
        };
    }
}
