package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CpuSetTextTest {

    @Test
    void parsesRangesAndSingles() {
        CpuSet list = CpuSet.parse("0-3,8,10-11").orElseThrow();
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), List.copyOf(list.cpus()));
        assertEquals(7, list.size());
        assertTrue(list.contains(8));
        assertFalse(list.contains(9));
    }

    @Test
    void parsesTypicalTwoSocketLocalCpus() {
        CpuSet list = CpuSet.parse("0-23,48-71\n").orElseThrow();
        assertEquals(48, list.size());
        assertTrue(list.contains(0) && list.contains(23) && list.contains(48) && list.contains(71));
        assertFalse(list.contains(24) || list.contains(47) || list.contains(72));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\n"})
    void blankIsNoCpus(String text) {
        assertEquals(Optional.of(CpuSet.empty()), CpuSet.parse(text));
        assertTrue(CpuSet.empty().isEmpty());
        assertEquals("", CpuSet.empty().format());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0-3,8,10-11|0-3,8,10-11", "3,2,1,0|0-3", "0-1|0-1", "5-5|5", "0-4,2-6|0-6", "1,3,5|1,3,5",
        "8,0-3,4-7|0-8", "007|7"})
    void formatsCanonically(String text, String canonical) {
        assertEquals(canonical, CpuSet.parse(text).orElseThrow().format());
        assertEquals(canonical, CpuSet.parse(text).orElseThrow().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1,", ",1", "1,,2", "3-1", "1-", "-1", "1 - 3", "1;2", "0-65536", "99999",
        "0-2147483647", "0-15:2/4", "1.5"})
    void malformedTextIsUnknown(String text) {
        assertEquals(Optional.empty(), CpuSet.parse(text));
    }

    @Test
    void equalListsAreEqualHoweverBuilt() {
        assertEquals(CpuSet.of(3, 1, 2), CpuSet.of(Set.of(1, 2, 3)));
        assertEquals(CpuSet.of(1, 2, 3), CpuSet.parse("1-3").orElseThrow());
        assertEquals(CpuSet.of(1, 2, 3).hashCode(), CpuSet.parse("1-3").orElseThrow().hashCode());
    }

    @Test
    void cpusCannotBeChangedFromOutside() {
        CpuSet list = CpuSet.of(1, 2);
        assertThrows(UnsupportedOperationException.class, () -> list.cpus().add(3));
    }

    @Test
    void rejectsImpossibleCpuNumbers() {
        assertThrows(IllegalArgumentException.class, () -> CpuSet.of(-1));
        assertThrows(IllegalArgumentException.class, () -> CpuSet.of(CpuSet.CPU_LIMIT));
    }
}
