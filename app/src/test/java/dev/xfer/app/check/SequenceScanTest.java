package dev.xfer.app.check;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host's read of the copied doubles: 1..period repeated, anything else counted and measured. */
class SequenceScanTest {

    private static MemorySegment sequence(Arena arena, long elements, long period) {
        MemorySegment s = arena.allocate(ValueLayout.JAVA_DOUBLE, elements);
        for (long i = 0; i < elements; i++) {
            s.setAtIndex(ValueLayout.JAVA_DOUBLE, i, (double) (i % period + 1));
        }
        return s;
    }

    @Test
    void exactSequenceWithWrapIsClean() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = sequence(arena, 23, 7);
            assertEquals(new SequenceScan.Outcome(0, 0), SequenceScan.scan(s, 23, 7));
        }
    }

    @Test
    void thePlansPeriodAgreesWithCheckPlanExpected() {
        long elements = CheckPlan.PERIOD + 10;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(ValueLayout.JAVA_DOUBLE, elements);
            for (long i = 0; i < elements; i++) {
                s.setAtIndex(ValueLayout.JAVA_DOUBLE, i, CheckPlan.expected(i));
            }
            assertEquals(1.0, CheckPlan.expected(CheckPlan.PERIOD));
            assertEquals(999_999.0, CheckPlan.expected(CheckPlan.PERIOD - 1));
            assertEquals(new SequenceScan.Outcome(0, 0), SequenceScan.scan(s, elements, CheckPlan.PERIOD));
        }
    }

    @Test
    void aSequenceThatDoesNotWrapIsWrongAfterThePeriod() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(ValueLayout.JAVA_DOUBLE, 10);
            for (int i = 0; i < 10; i++) {
                s.setAtIndex(ValueLayout.JAVA_DOUBLE, i, i + 1);
            }
            // period 7: elements 7, 8, 9 hold 8, 9, 10 where 1, 2, 3 belong
            assertEquals(new SequenceScan.Outcome(3, 7.0), SequenceScan.scan(s, 10, 7));
        }
    }

    @Test
    void poisonedRegionIsCountedAndTheErrorIsNan() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = sequence(arena, 100, 7);
            s.asSlice(60 * Double.BYTES, 40 * Double.BYTES).fill((byte) 0xFF);
            SequenceScan.Outcome o = SequenceScan.scan(s, 100, 7);
            assertEquals(40, o.wrong());
            assertTrue(Double.isNaN(o.maxError()), "max error " + o.maxError());
        }
    }

    @Test
    void poisonBeforeALargeErrorStaysNan() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = sequence(arena, 10, 7);
            s.asSlice(0, Double.BYTES).fill((byte) 0xFF);
            s.setAtIndex(ValueLayout.JAVA_DOUBLE, 5, 1e9);
            SequenceScan.Outcome o = SequenceScan.scan(s, 10, 7);
            assertEquals(2, o.wrong());
            assertTrue(Double.isNaN(o.maxError()), "max error " + o.maxError());
        }
    }

    @Test
    void onlyTheGivenElementsAreRead() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = sequence(arena, 10, 7);
            s.setAtIndex(ValueLayout.JAVA_DOUBLE, 9, -1);
            assertEquals(0, SequenceScan.scan(s, 9, 7).wrong());
            assertEquals(1, SequenceScan.scan(s, 10, 7).wrong());
        }
    }

    record Planted(int period, int elements, int index, double value) {
        double expected() {
            return index % period + 1;
        }
    }

    @Provide
    Arbitrary<Planted> planted() {
        return Combinators.combine(Arbitraries.integers().between(1, 50), Arbitraries.integers().between(1, 500))
                .flatAs((period, elements) -> Combinators.combine(
                        Arbitraries.integers().between(0, elements - 1),
                        Arbitraries.doubles().between(-1e7, 1e7))
                        .filter((index, value) -> value != index % period + 1)
                        .as((index, value) -> new Planted(period, elements, index, value)));
    }

    @Property
    void oneWrongValueGivesItsError(@ForAll("planted") Planted p) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = sequence(arena, p.elements(), p.period());
            s.setAtIndex(ValueLayout.JAVA_DOUBLE, p.index(), p.value());
            SequenceScan.Outcome o = SequenceScan.scan(s, p.elements(), p.period());
            assertEquals(1, o.wrong());
            assertEquals(Math.abs(p.value() - p.expected()), o.maxError(), 0.0);
        }
    }
}
