package dev.xfer.app.placement;

import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.host.CpuSet;
import dev.xfer.host.MemoryPolicy;
import dev.xfer.host.PlacementException;
import dev.xfer.host.ThreadPlacement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Worker threads placed on node 0, the one node of the CI machine: each task sees the node's CPU
 * set and a memory policy bound to node 0, memory it touches lands there, and each thread has its
 * affinity and policy put back once its work is done.
 */
class PlacedWorkersTest {
    private static final MemoryPolicy BOUND_TO_0 = MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(0));

    /** What a thread reports about itself. */
    private record Seen(String thread, CpuSet cpus, MemoryPolicy policy) {
        static Seen now() {
            return new Seen(Thread.currentThread().getName(), ThreadPlacement.current(), ThreadPlacement.memoryPolicy());
        }
    }

    private CpuSet before;
    private MemoryPolicy policyBefore;

    @BeforeEach
    void platformAndState() {
        assumeTrue(ThreadPlacement.isSupported(), "Linux x86-64");
        before = ThreadPlacement.current();
        policyBefore = ThreadPlacement.memoryPolicy();
    }

    /** Node 0 with its CPUs as sysfs lists them, less those this process may not use. */
    private NodeTarget node0() {
        CpuSet listed = new NumaTopologyReader().read().node(0).flatMap(NumaNode::cpus)
                .orElse(CpuSet.of(before.cpus()));
        List<Integer> usable = listed.cpus().stream().filter(before.cpus()::contains).toList();
        assumeFalse(usable.isEmpty(), "no CPU of node 0 is allowed to this process");
        return NodeTarget.on(0, CpuSet.of(usable));
    }

    /** One CPU of node 0: a binding that visibly narrows the thread. */
    private NodeTarget oneCpuOfNode0() {
        return NodeTarget.on(0, CpuSet.of(node0().cpus().cpus().first()));
    }

    @Test
    void aTaskRunsBoundToTheNodeAndTheThreadIsPutBackAfter() {
        NodeTarget target = oneCpuOfNode0();
        AtomicReference<Seen> inside = new AtomicReference<>();
        PlacedWorkers.placed(target, () -> inside.set(Seen.now())).run();
        assertEquals(CpuSet.of(target.cpus().cpus()), inside.get().cpus());
        assertEquals(BOUND_TO_0, inside.get().policy());
        assertEquals(before, ThreadPlacement.current(), "affinity restored");
        assertEquals(policyBefore, ThreadPlacement.memoryPolicy(), "memory policy restored");
    }

    @Test
    void theThreadIsPutBackEvenWhenTheTaskThrows() {
        Runnable failing = PlacedWorkers.placed(oneCpuOfNode0(), () -> {
            throw new IllegalStateException("the task failed");
        });
        assertThrows(IllegalStateException.class, failing::run);
        assertEquals(before, ThreadPlacement.current());
        assertEquals(policyBefore, ThreadPlacement.memoryPolicy());
    }

    @Test
    void everyThreadOfAPlacedPoolRunsOnTheNodeAndItsMemoryLandsThere() throws Exception {
        NodeTarget target = node0();
        int threads = 3;
        Set<Seen> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch allThere = new CountDownLatch(threads);
        List<Future<HostMemoryNodes>> pages = new ArrayList<>();
        try (ExecutorService pool = PlacedWorkers.newFixedThreadPool(threads, target)) {
            for (int i = 0; i < threads; i++) {
                pages.add(pool.submit(() -> {
                    seen.add(Seen.now());
                    allThere.countDown();
                    assertTrue(allThere.await(30, TimeUnit.SECONDS), "the pool runs its tasks side by side");
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment buffer = arena.allocate(1L << 20, 4096);
                        buffer.fill((byte) 1);
                        return HostMemoryNodes.sample(buffer).orElseThrow();
                    }
                }));
            }
            for (Future<HostMemoryNodes> p : pages) {
                assertTrue(p.get(30, TimeUnit.SECONDS).allOn(0), p.get().toString());
            }
        }
        assertEquals(threads, seen.stream().map(Seen::thread).distinct().count(), "one task per thread: " + seen);
        for (Seen s : seen) {
            assertEquals(CpuSet.of(target.cpus().cpus()), s.cpus(), s.thread());
            assertEquals(BOUND_TO_0, s.policy(), s.thread());
        }
        assertEquals(before, ThreadPlacement.current(), "the submitting thread is left alone");
        assertEquals(policyBefore, ThreadPlacement.memoryPolicy());
    }

    @Test
    void aPlacedThreadPutsItselfBackWhenItsWorkIsDone() throws InterruptedException {
        NodeTarget target = oneCpuOfNode0();
        AtomicReference<Seen> inside = new AtomicReference<>();
        AtomicReference<Seen> afterwards = new AtomicReference<>();
        ThreadFactory recording = work -> new Thread(() -> {
            work.run();
            afterwards.set(Seen.now());
        });
        Thread thread = PlacedWorkers.threadFactory(target, recording, e -> { throw e; })
                .newThread(() -> inside.set(Seen.now()));
        thread.start();
        thread.join(30_000);
        assertEquals(CpuSet.of(target.cpus().cpus()), inside.get().cpus());
        assertEquals(BOUND_TO_0, inside.get().policy());
        // A new thread starts with its creator's affinity and policy: this test thread's.
        assertEquals(before, afterwards.get().cpus());
        assertEquals(policyBefore, afterwards.get().policy());
    }

    @Test
    void aNodeThatCannotBeBoundFailsThePoolAtOnce() throws Exception {
        int absent = highestNode() + 1;
        NodeTarget missing = NodeTarget.on(absent, CpuSet.of(before.cpus().first()));
        PlacementException e = assertThrows(PlacementException.class,
                () -> PlacedWorkers.newFixedThreadPool(2, missing));
        assertTrue(e.getMessage().startsWith("set_mempolicy("), e.getMessage());
        assertEquals(before, ThreadPlacement.current());
        assertEquals(policyBefore, ThreadPlacement.memoryPolicy());
    }

    @Test
    void nothingPlacedIsThePlainPoolAndTheTaskItself() {
        Runnable task = () -> { };
        assertSame(task, PlacedWorkers.placed(NodeTarget.unplaced(), task));
        ThreadFactory base = Executors.defaultThreadFactory();
        assertSame(base, PlacedWorkers.threadFactory(NodeTarget.unplaced(), base, e -> { }));
        try (ExecutorService pool = PlacedWorkers.newFixedThreadPool(2, NodeTarget.unplaced())) {
            ThreadPoolExecutor plain = (ThreadPoolExecutor) pool;
            assertEquals(2, plain.getCorePoolSize());
            assertEquals(0, plain.getPoolSize(), "threads made as tasks come, as Executors.newFixedThreadPool does");
        }
    }

    private static int highestNode() throws java.io.IOException {
        Path nodes = Path.of("/sys/devices/system/node");
        if (!Files.isDirectory(nodes)) {
            return 0;
        }
        try (var entries = Files.list(nodes)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.matches("node\\d+"))
                    .mapToInt(n -> Integer.parseInt(n.substring(4))).max().orElse(0);
        }
    }
}
