package dev.xfer.app.placement;

import dev.xfer.host.ThreadBinding;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Worker threads placed like the measuring thread. CPU affinity and memory policy belong to one
 * thread: the {@link ThreadBinding} the measuring thread enters says nothing for the threads a pool
 * runs its tasks on (Linux hands a new thread its creator's settings, but a pool may make its
 * threads at any time, from any thread). So each worker enters its own placement for the node
 * when it starts and leaves it when it ends: its CPUs are the node's, and the pinned blocks,
 * staging slots and copies it first touches land on the node.
 *
 * <p>Once per thread, not per task: entering a placement takes a handful of system calls, and
 * pin-then-copy hands the copy threads thousands of small tasks per run.
 */
public final class PlacedWorkers {
    private PlacedWorkers() {
    }

    /**
     * {@code body} run on the calling thread placed on {@code target}, the thread's CPUs and
     * memory policy put back afterwards, even when {@code body} throws; {@code body} as it is when
     * nothing is placed.
     *
     * @throws dev.xfer.host.PlacementException when the kernel refuses the binding (before
     *                                          {@code body} runs)
     */
    public static Runnable placed(NodeTarget target, Runnable body) {
        if (!target.placed()) {
            return body;
        }
        return () -> {
            try (ThreadBinding ignored = enter(target)) {
                body.run();
            }
        };
    }

    /**
     * Threads from {@code base} whose every run is {@link #placed}; a thread that cannot enter the
     * placement reports why on {@code failed} and then runs unplaced, so that a pool of them can
     * still take tasks and shut down.
     */
    public static ThreadFactory threadFactory(NodeTarget target, ThreadFactory base, Consumer<RuntimeException> failed) {
        if (!target.placed()) {
            return base;
        }
        return work -> base.newThread(() -> {
            ThreadBinding binding;
            try {
                binding = enter(target);
            } catch (RuntimeException e) {
                failed.accept(e);
                work.run();
                return;
            }
            try {
                work.run();
            } finally {
                binding.close();
            }
        });
    }

    /**
     * A fixed pool of {@code threads} threads, each placed on {@code target} for its life. Without
     * a node this is {@link Executors#newFixedThreadPool(int)}, as unplaced runs have always had.
     * With one, every thread is started at once and has entered its placement before this
     * returns.
     *
     * @throws dev.xfer.host.PlacementException when a thread could not be placed; the pool is then
     *                                          shut down
     */
    public static ExecutorService newFixedThreadPool(int threads, NodeTarget target) {
        if (!target.placed()) {
            return Executors.newFixedThreadPool(threads);
        }
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        CountDownLatch entered = new CountDownLatch(threads);
        ThreadFactory placedThreads = threadFactory(target, Executors.defaultThreadFactory(),
                e -> failure.compareAndSet(null, e));
        // Runs as each thread's work, so after the thread placed itself or failed to.
        ThreadFactory counted = work -> placedThreads.newThread(() -> {
            entered.countDown();
            work.run();
        });
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 0L, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), counted);
        pool.prestartAllCoreThreads();
        try {
            entered.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pool.shutdownNow();
            throw new IllegalStateException("interrupted while starting placed worker threads", e);
        }
        if (failure.get() != null) {
            pool.close();
            throw failure.get();
        }
        return pool;
    }

    private static ThreadBinding enter(NodeTarget target) {
        return ThreadBinding.onNode(target.node().getAsInt(), List.copyOf(target.cpus().cpus()));
    }
}
