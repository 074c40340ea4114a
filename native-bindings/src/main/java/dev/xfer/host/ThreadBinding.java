package dev.xfer.host;

import java.util.Collection;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The calling thread bound to some CPUs and its memory to one NUMA node until {@link #close()},
 * which puts back the affinity and the memory policy it had before. Memory the thread allocates
 * and touches in between lands on the node; memory it had before stays where it was.
 *
 * <pre>{@code
 * try (ThreadBinding placed = ThreadBinding.onNode(1, List.of(24, 25, 26))) {
 *     // allocate, fill and measure here
 * }
 * }</pre>
 *
 * Only the thread that entered a binding may close it, and only a platform thread can enter
 * one: a virtual thread moves between carrier threads, so binding its carrier would bind the
 * wrong thread.
 */
public final class ThreadBinding implements AutoCloseable {
    private final Thread owner;
    private final CpuSet previousCpus;
    private final MemoryPolicy previousPolicy;
    private final CpuSet cpus;
    private final OptionalInt node;
    private boolean closed;

    private ThreadBinding(Thread owner, CpuSet previousCpus, MemoryPolicy previousPolicy, CpuSet cpus, OptionalInt node) {
        this.owner = owner;
        this.previousCpus = previousCpus;
        this.previousPolicy = previousPolicy;
        this.cpus = cpus;
        this.node = node;
    }

    /**
     * Binds the calling thread's memory to {@code node} and the thread to {@code cpus}.
     *
     * @param cpus the CPUs to run on, normally the node's own; empty leaves the affinity as it is
     *             (a node with memory but no CPUs)
     */
    public static ThreadBinding onNode(int node, Collection<Integer> cpus) {
        return enter(cpus, OptionalInt.of(node));
    }

    /**
     * Binds the calling thread to {@code cpus} (unless empty) and its memory to {@code node}
     * (unless empty). When the second binding fails, the first is undone before the exception
     * leaves.
     *
     * @throws UnsupportedOperationException off Linux x86-64
     * @throws IllegalStateException         on a virtual thread
     * @throws PlacementException            when the kernel refuses a binding
     */
    public static ThreadBinding enter(Collection<Integer> cpus, OptionalInt node) {
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(node, "node");
        Libc.requireSupported();
        Thread thread = Thread.currentThread();
        if (thread.isVirtual()) {
            throw new IllegalStateException("a virtual thread cannot be placed: it runs on whichever carrier thread is free");
        }
        CpuSet wanted = CpuSet.of(cpus);
        CpuSet previousCpus = ThreadPlacement.current();
        MemoryPolicy previousPolicy = ThreadPlacement.memoryPolicy();
        CpuSet now = previousCpus;
        if (!wanted.isEmpty()) {
            ThreadPlacement.bind(wanted.cpus());
        }
        try {
            // The kernel keeps only the CPUs this process's cpuset allows: ask what it kept.
            now = wanted.isEmpty() ? previousCpus : ThreadPlacement.current();
            if (node.isPresent()) {
                ThreadPlacement.bindMemoryToNode(node.getAsInt());
            }
        } catch (RuntimeException e) {
            try {
                ThreadPlacement.bind(previousCpus.cpus());
            } catch (RuntimeException restore) {
                e.addSuppressed(restore);
            }
            throw e;
        }
        return new ThreadBinding(thread, previousCpus, previousPolicy, now, node);
    }

    /**
     * The CPUs the thread may run on while placed: those asked for that this process's cpuset
     * allows, or the previous ones when none were asked for.
     */
    public CpuSet cpus() {
        return cpus;
    }

    /** The node the thread's new memory comes from; empty when memory was left alone. */
    public OptionalInt node() {
        return node;
    }

    /** The affinity the thread had before, which {@link #close()} restores. */
    public CpuSet previousCpus() {
        return previousCpus;
    }

    /** The memory policy the thread had before, which {@link #close()} restores. */
    public MemoryPolicy previousPolicy() {
        return previousPolicy;
    }

    /**
     * Restores the memory policy and the affinity the thread had before; a second call does
     * nothing.
     *
     * @throws IllegalStateException when called from another thread than the one that entered
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("a placement is undone by the thread that entered it (" + owner.getName()
                    + "), not by " + Thread.currentThread().getName());
        }
        closed = true;
        RuntimeException failure = null;
        if (node.isPresent()) {
            try {
                ThreadPlacement.setMemoryPolicy(previousPolicy);
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        try {
            if (!cpus.equals(previousCpus)) {
                ThreadPlacement.bind(previousCpus.cpus());
            }
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = e;
            } else {
                failure.addSuppressed(e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return "ThreadBinding[CPUs " + cpus + ", memory " + (node.isPresent() ? "node " + node.getAsInt() : "as before")
                + "]";
    }
}
