package dev.xfer.app.check;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A check plan needs page-locked memory for the race, and at least one trial of one element. */
class CheckPlanTest {
    private static final List<CheckScenario> ALL = List.of(CheckScenario.values());

    @Test
    void tutorialDefaults() {
        CheckPlan plan = new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, 100, HostMemoryKind.PINNED, ALL);
        assertEquals(99_999_900L, plan.elements());
        assertEquals(799_999_200L, plan.bytes());
    }

    @Test
    void pageableIsRejectedPointingToItsOwnScenario() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CheckPlan(1000, 10, HostMemoryKind.PAGEABLE, ALL));
        assertTrue(e.getMessage().startsWith("--memory pageable is not page-locked"), e.getMessage());
        assertTrue(e.getMessage().contains("d2h-pageable"), e.getMessage());
    }

    @Test
    void heapIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CheckPlan(1000, 10, HostMemoryKind.HEAP, ALL));
        assertTrue(e.getMessage().startsWith("--memory heap is not page-locked"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = HostMemoryKind.class, names = {"PINNED", "REGISTERED", "WRITE_COMBINED"})
    void pageLockedKindsAreAllowed(HostMemoryKind memory) {
        assertEquals(memory, new CheckPlan(1000, 10, memory, ALL).memory());
    }

    @Test
    void trialsZero() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CheckPlan(1000, 0, HostMemoryKind.PINNED, ALL));
        assertEquals("--trials must be at least 1, not 0", e.getMessage());
    }

    @Test
    void elementsZero() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CheckPlan(0, 10, HostMemoryKind.PINNED, ALL));
        assertEquals("--size must hold at least one double (8 bytes)", e.getMessage());
    }

    @Test
    void noScenario() {
        assertThrows(IllegalArgumentException.class, () -> new CheckPlan(1000, 10, HostMemoryKind.PINNED, List.of()));
    }

    @Test
    void bytesBeyondTwoGiB() {
        assertEquals(8L * 400_000_000L, new CheckPlan(400_000_000L, 1, HostMemoryKind.PINNED, ALL).bytes());
    }
}
