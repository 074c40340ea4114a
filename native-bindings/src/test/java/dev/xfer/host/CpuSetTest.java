package dev.xfer.host;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CPU sets as bit masks and as cpulist text, without any system call. */
class CpuSetTest {

    @Property(tries = 300)
    void maskRoundTrips(@ForAll @Size(max = 40) Set<@IntRange(min = 0, max = CpuSet.CPU_LIMIT - 1) Integer> cpus) {
        CpuSet set = CpuSet.of(cpus);
        long[] mask = set.toMask(set.wordsNeeded());
        assertEquals(set, CpuSet.fromMask(mask));
        assertEquals(cpus.size(), Long.bitCount(mask[mask.length - 1]) + countBefore(mask));
    }

    private static int countBefore(long[] mask) {
        int n = 0;
        for (int i = 0; i < mask.length - 1; i++) {
            n += Long.bitCount(mask[i]);
        }
        return n;
    }

    @Test
    void cpuNIsBitNModulo64OfWordNOver64() {
        assertArrayEquals(new long[] {0b1011L, 1L << 1}, CpuSet.of(0, 1, 3, 65).toMask(2));
        assertEquals(CpuSet.of(0, 63, 64, 127), CpuSet.fromMask(new long[] {1L | (1L << 63), 1L | (1L << 63)}));
        assertEquals(2, CpuSet.of(64).wordsNeeded());
        assertEquals(1, CpuSet.of().wordsNeeded());
    }

    @Test
    void textIsTheKernelsCpulist() {
        assertEquals("0-3,8,10-11", CpuSet.of(List.of(11, 10, 8, 3, 2, 1, 0, 2)).toString());
        assertEquals("", CpuSet.of().toString());
        assertEquals("5", CpuSet.of(5).toString());
    }

    @Test
    void outOfRangeCpusAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> CpuSet.of(-1));
        assertThrows(IllegalArgumentException.class, () -> CpuSet.of(CpuSet.CPU_LIMIT));
        var e = assertThrows(IllegalArgumentException.class, () -> CpuSet.of(64).toMask(1));
        assertTrue(e.getMessage().contains("CPU 64"), e.getMessage());
    }

    @Test
    void memoryPolicyNamesItsModeAndNodes() {
        assertEquals("MPOL_BIND nodes 0-1", MemoryPolicy.of(MemoryPolicy.MPOL_BIND, List.of(1, 0)).toString());
        assertEquals("MPOL_DEFAULT", MemoryPolicy.of(MemoryPolicy.MPOL_DEFAULT, List.of()).toString());
        MemoryPolicy staticBind = MemoryPolicy.of(MemoryPolicy.MPOL_BIND | (1 << 15), List.of(2));
        assertEquals(MemoryPolicy.MPOL_BIND, staticBind.baseMode());
        assertTrue(staticBind.restrictsPlacement());
        assertTrue(!MemoryPolicy.of(MemoryPolicy.MPOL_PREFERRED, List.of()).restrictsPlacement(), "local allocation");
    }
}
