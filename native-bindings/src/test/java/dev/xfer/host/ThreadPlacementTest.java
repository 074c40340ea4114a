package dev.xfer.host;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real system calls on this machine: Linux x86-64 with node 0, the only node on the CI
 * machine. Every test leaves the test thread's affinity and memory policy as it found them.
 */
class ThreadPlacementTest {
    private CpuSet cpusBefore;
    private MemoryPolicy policyBefore;

    @BeforeAll
    static void linuxX86() {
        assumeTrue(ThreadPlacement.isSupported(), "needs Linux on x86-64");
    }

    @BeforeEach
    void remember() {
        cpusBefore = ThreadPlacement.current();
        policyBefore = ThreadPlacement.memoryPolicy();
    }

    @AfterEach
    void unchanged() {
        assertEquals(cpusBefore, ThreadPlacement.current(), "affinity restored");
        assertEquals(policyBefore, ThreadPlacement.memoryPolicy(), "memory policy restored");
    }

    /** The CPUs this process may use, as the kernel lists them. */
    private static CpuSet allowedCpus() throws IOException {
        String line = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow();
        List<Integer> cpus = new java.util.ArrayList<>();
        for (String piece : line.substring(line.indexOf(':') + 1).strip().split(",")) {
            String[] ends = piece.split("-");
            int first = Integer.parseInt(ends[0]);
            int last = Integer.parseInt(ends[ends.length - 1]);
            IntStream.rangeClosed(first, last).forEach(cpus::add);
        }
        return CpuSet.of(cpus);
    }

    @Test
    void currentAffinityIsWhatTheProcessIsAllowed() throws IOException {
        assertEquals(allowedCpus(), ThreadPlacement.current());
    }

    @Test
    void bindingToEachCpuWorksAndTheSetRoundTrips() {
        for (int cpu : cpusBefore.cpus()) {
            ThreadPlacement.bind(List.of(cpu));
            assertEquals(CpuSet.of(cpu), ThreadPlacement.current());
        }
        ThreadPlacement.bind(cpusBefore.cpus());
        assertEquals(cpusBefore, ThreadPlacement.current(), "binding to what current() said gives it back");
    }

    @Test
    void bindingToACpuThatIsNotThereFailsAndChangesNothing() {
        int absent = cpusBefore.cpus().last() + 1000;
        var e = assertThrows(PlacementException.class, () -> ThreadPlacement.bind(List.of(absent)));
        assertEquals(Errno.EINVAL, e.errno());
        assertEquals("sched_setaffinity(0, CPUs " + absent + ")", e.call());
        assertTrue(e.getMessage().startsWith("sched_setaffinity(0, CPUs " + absent + "): EINVAL (Invalid argument): "),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ThreadPlacement.bind(List.of()));
    }

    @Test
    void memoryBindsToNode0AndResets() {
        ThreadPlacement.bindMemoryToNode(0);
        try {
            assertEquals(MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(0)), ThreadPlacement.memoryPolicy());
        } finally {
            ThreadPlacement.resetMemoryPolicy();
        }
        assertEquals(MemoryPolicy.MPOL_DEFAULT, ThreadPlacement.memoryPolicy().mode());
        ThreadPlacement.setMemoryPolicy(policyBefore);
    }

    @Test
    void bindingToANodeThatDoesNotExistFailsClearly() {
        int absent = highestNode() + 1;
        var e = assertThrows(PlacementException.class, () -> ThreadPlacement.bindMemoryToNode(absent));
        assertEquals(Errno.EINVAL, e.errno());
        assertEquals("set_mempolicy(MPOL_BIND nodes " + absent + "): EINVAL (Invalid argument): NUMA node " + absent
                + " does not exist, has no memory, or is not allowed to this process (see Mems_allowed_list in"
                + " /proc/self/status)", e.getMessage());
        var range = assertThrows(IllegalArgumentException.class, () -> ThreadPlacement.bindMemoryToNode(-1));
        assertEquals("NUMA nodes are numbered 0 to 1023, not -1", range.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ThreadPlacement.bindMemoryToNode(ThreadPlacement.MAX_NODES));
    }

    private static int highestNode() {
        try (var entries = Files.list(Path.of("/sys/devices/system/node"))) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.matches("node\\d+"))
                    .mapToInt(n -> Integer.parseInt(n.substring(4))).max().orElse(0);
        } catch (IOException e) {
            return 0;
        }
    }

    @Test
    void touchedPagesReportTheirNode() {
        try (ThreadBinding placed = ThreadBinding.onNode(0, cpusBefore.cpus());
             Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(8L << 20, 4096); // zeroed, so every page touched
            int[] nodes = ThreadPlacement.nodesOfPages(segment, 64);
            assertEquals(64, nodes.length);
            assertArrayEquals(new int[64], nodes, "every sampled page on node 0");
            assertEquals(0, ThreadPlacement.nodeOfAddress(segment.asSlice(4096 * 100)));
            assertEquals(OptionalInt.of(0), placed.node());
        }
    }

    @Test
    void fewerPagesThanSamplesGivesOneEntryPerPage() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment threePages = arena.allocate(3 * 4096, 4096);
            assertEquals(3, ThreadPlacement.nodesOfPages(threePages, 64).length);
            assertEquals(2, ThreadPlacement.nodesOfPages(threePages.asSlice(4000, 200), 64).length,
                    "200 bytes across a page boundary are two pages");
            assertEquals(1, ThreadPlacement.nodesOfPages(threePages, 1).length);
            assertEquals(0, ThreadPlacement.nodesOfPages(threePages.asSlice(0, 0), 8).length);
        }
        var heap = assertThrows(IllegalArgumentException.class,
                () -> ThreadPlacement.nodesOfPages(MemorySegment.ofArray(new long[1024]), 4));
        assertTrue(heap.getMessage().contains("Java heap"), heap.getMessage());
    }

    @Test
    void untouchedAndUnmappedPagesAreNegativeErrnos() throws Throwable {
        Linker linker = Linker.nativeLinker();
        MethodHandle mmap = linker.downcallHandle(linker.defaultLookup().find("mmap").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
        MethodHandle munmap = linker.downcallHandle(linker.defaultLookup().find("munmap").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        long bytes = 16 * 4096;
        // PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS: mapped, but no page until touched
        MemorySegment fresh = ((MemorySegment) mmap.invokeExact(MemorySegment.NULL, bytes, 3, 0x22, -1, 0L))
                .reinterpret(bytes);
        try {
            fresh.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
            int[] nodes = ThreadPlacement.nodesOfPages(fresh, 16);
            assertEquals(0, nodes[0], "the touched page");
            assertEquals(-Errno.ENOENT, nodes[15], "an untouched page");
        } finally {
            int rc = (int) munmap.invokeExact(fresh, bytes);
            assertEquals(0, rc);
        }
        assertArrayEquals(new int[] {-Errno.EFAULT},
                ThreadPlacement.nodesOfPages(MemorySegment.ofAddress(4096).reinterpret(4096), 1), "nothing mapped at 4096");
    }

    @Test
    void movingPagesToNode0KeepsThemThere() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(1L << 20, 4096);
            ThreadPlacement.moveToNode(segment, 0);
            assertEquals(List.of(0, 0, 0, 0), ThreadPlacement.nodesIn(ThreadPlacement.nodesOfPages(segment, 4)));
            var e = assertThrows(PlacementException.class, () -> ThreadPlacement.moveToNode(segment, highestNode() + 1));
            assertTrue(e.getMessage().startsWith("mbind(1048576 bytes, MPOL_BIND nodes " + (highestNode() + 1)
                    + ", MPOL_MF_MOVE): EINVAL"), e.getMessage());
        }
    }

    @Test
    void placementBindsBothAndRestoresBoth() {
        int cpu = cpusBefore.cpus().last();
        try (ThreadBinding placed = ThreadBinding.onNode(0, List.of(cpu))) {
            assertEquals(CpuSet.of(cpu), ThreadPlacement.current());
            assertEquals(MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(0)), ThreadPlacement.memoryPolicy());
            assertEquals(CpuSet.of(cpu), placed.cpus());
            assertEquals(cpusBefore, placed.previousCpus());
            assertEquals(policyBefore, placed.previousPolicy());
        }
        // @AfterEach checks both are back
    }

    @Test
    void placementWithoutCpusLeavesTheAffinity() {
        try (ThreadBinding placed = ThreadBinding.onNode(0, List.of())) {
            assertEquals(cpusBefore, ThreadPlacement.current());
            assertEquals(cpusBefore, placed.cpus());
        }
    }

    @Test
    void aFailedPlacementUndoesTheCpuBinding() {
        int cpu = cpusBefore.cpus().first();
        assertThrows(PlacementException.class, () -> ThreadBinding.onNode(highestNode() + 1, List.of(cpu)));
        // @AfterEach checks the affinity is what it was
    }

    @Test
    void onlyTheEnteringThreadMayClose() throws InterruptedException {
        ThreadBinding placed = ThreadBinding.onNode(0, cpusBefore.cpus());
        AtomicReference<Throwable> fromOther = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                placed.close();
            } catch (Throwable t) {
                fromOther.set(t);
            }
        }, "other");
        other.start();
        other.join();
        placed.close();
        assertTrue(fromOther.get() instanceof IllegalStateException, String.valueOf(fromOther.get()));
        placed.close(); // a second close does nothing
    }

    @Test
    void virtualThreadsCannotBePlaced() throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                ThreadBinding.onNode(0, List.of()).close();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }).join();
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
    }
}
