package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What one timed kernel sample holds: the default by size, the settings, and the plan's rules for them. */
class KernelTimingTest {

    @Test
    void theDefaultHoldsNvbandwidthsSixteenCopiesFromItsLargeSizeAndOneBelow() {
        KernelTiming d = KernelTiming.DEFAULT;
        assertEquals(1, d.copiesFor(0));
        assertEquals(1, d.copiesFor(4096));
        assertEquals(1, d.copiesFor((64L << 20) - 1));
        assertEquals(16, d.copiesFor(64L << 20));
        assertEquals(16, d.copiesFor(512L << 20));
        assertEquals(16, d.copiesFor(4L << 30));
        assertEquals(KernelTiming.Repeat.LOOP, d.repeat());
        assertFalse(d.gated());
        assertFalse(d.leadIn());
        assertEquals(KernelTiming.Bidir.ONE_VECTOR, d.bidir());
        assertEquals(KernelTiming.Start.BY_SIZE, d.start());
        assertEquals("a sample is 16 copies from 64 MiB, 1 below, in one launch, from 64 MiB behind hold_stream and"
                + " an untimed lead-in copy (nvbandwidth's start)", d.describe(CopyTimer.EVENTS));
        assertEquals("a sample is 16 copies from 64 MiB, 1 below, in one launch", d.describe(CopyTimer.WALL));
    }

    /** nvbandwidth's start from its large size under the events timer; plain below it, by the wall clock, or when asked. */
    @Test
    void theDefaultStartsLikeNvbandwidthFromItsLargeSizeUnderEvents() {
        KernelTiming d = KernelTiming.DEFAULT;
        long large = 64L << 20;
        assertTrue(d.gatedFor(large, CopyTimer.EVENTS));
        assertTrue(d.leadInFor(large, CopyTimer.EVENTS));
        assertFalse(d.gatedFor(large - 1, CopyTimer.EVENTS));
        assertFalse(d.leadInFor(large - 1, CopyTimer.EVENTS));
        assertFalse(d.gatedFor(large, CopyTimer.WALL));
        assertFalse(d.leadInFor(large, CopyTimer.WALL));
        assertTrue(d.mayGate(CopyTimer.EVENTS));
        assertFalse(d.mayGate(CopyTimer.WALL));
        KernelTiming plain = new KernelTiming(0, KernelTiming.Repeat.LOOP, false, false, KernelTiming.Start.PLAIN,
                KernelTiming.Bidir.ONE_VECTOR);
        assertFalse(plain.gatedFor(large, CopyTimer.EVENTS));
        assertFalse(plain.leadInFor(4L << 30, CopyTimer.EVENTS));
        assertFalse(plain.mayGate(CopyTimer.EVENTS));
        KernelTiming forced = new KernelTiming(0, KernelTiming.Repeat.LOOP, true, false, KernelTiming.Start.PLAIN,
                KernelTiming.Bidir.ONE_VECTOR);
        assertTrue(forced.gatedFor(1, CopyTimer.EVENTS));
        assertFalse(forced.leadInFor(1, CopyTimer.EVENTS));
        assertEquals(KernelTiming.Start.PLAIN, KernelTiming.parseStart(" Plain "));
        assertEquals(KernelTiming.Start.BY_SIZE, KernelTiming.parseStart("by-size"));
        assertThrows(IllegalArgumentException.class, () -> KernelTiming.parseStart("early"));
    }

    @Test
    void aGivenCountHoldsAtEverySize() {
        KernelTiming t = new KernelTiming(4, KernelTiming.Repeat.LAUNCHES, true, true, KernelTiming.Start.PLAIN,
                KernelTiming.Bidir.TWO_STREAMS);
        assertEquals(4, t.copiesFor(1));
        assertEquals(4, t.copiesFor(1L << 30));
        assertEquals("a sample is 4 copies in back-to-back launches, queued behind hold_stream, after an untimed"
                + " lead-in copy, bidir on two streams", t.describe(CopyTimer.EVENTS));
        assertEquals("a sample is 1 copy in one launch",
                new KernelTiming(1, KernelTiming.Repeat.LOOP, false, false,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_VECTOR).describe(CopyTimer.EVENTS));
        assertEquals("a sample is 1 copy in one launch, bidir by copy_bidir",
                new KernelTiming(1, KernelTiming.Repeat.LOOP, false, false,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_LAUNCH).describe(CopyTimer.EVENTS));
    }

    @Test
    void optionsParse() {
        assertEquals(0, KernelTiming.parseCopies("auto"));
        assertEquals(0, KernelTiming.parseCopies(" AUTO "));
        assertEquals(1, KernelTiming.parseCopies("1"));
        assertEquals(64, KernelTiming.parseCopies("64"));
        assertEquals(KernelTiming.Repeat.LAUNCHES, KernelTiming.parseRepeat("Launches"));
        assertEquals(KernelTiming.Repeat.LOOP, KernelTiming.parseRepeat("loop"));
        assertEquals(KernelTiming.Bidir.TWO_STREAMS, KernelTiming.parseBidir("two-streams"));
        assertEquals(KernelTiming.Bidir.ONE_LAUNCH, KernelTiming.parseBidir("ONE-LAUNCH"));
        assertEquals(KernelTiming.Bidir.ONE_VECTOR, KernelTiming.parseBidir("one-vector"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "65", "-1", "16x", "", "all"})
    void badCopyCountsAreRefused(String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> KernelTiming.parseCopies(text));
        assertTrue(e.getMessage().startsWith("--kernel-copies must be 1 to 64, or auto"), e.getMessage());
    }

    @Test
    void outOfRangeCountsCannotBeBuilt() {
        assertThrows(IllegalArgumentException.class,
                () -> new KernelTiming(-1, KernelTiming.Repeat.LOOP, false, false,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_LAUNCH));
        assertThrows(IllegalArgumentException.class,
                () -> new KernelTiming(65, KernelTiming.Repeat.LOOP, false, false,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_LAUNCH));
    }

    private static BandwidthPlan plan(List<CopyPath> copies, CopyTimer timer) {
        return new BandwidthPlan(List.of(1L << 20), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.H2D), 2, 1,
                timer, copies, BandwidthPlan.DEFAULT_STAGING);
    }

    @Test
    void theKernelSettingsNeedTheKernelAndTheGateNeedsEvents() {
        KernelTiming gated = new KernelTiming(0, KernelTiming.Repeat.LOOP, true, false,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_LAUNCH);
        KernelTiming leadIn = new KernelTiming(0, KernelTiming.Repeat.LOOP, false, true,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_LAUNCH);
        KernelTiming eight = new KernelTiming(8, KernelTiming.Repeat.LOOP, false, false,
                KernelTiming.Start.PLAIN, KernelTiming.Bidir.ONE_LAUNCH);
        assertThrows(IllegalArgumentException.class,
                () -> plan(List.of(CopyPath.DRIVER), CopyTimer.EVENTS).withKernelTiming(eight));
        assertThrows(IllegalArgumentException.class,
                () -> plan(List.of(CopyPath.KERNEL), CopyTimer.WALL).withKernelTiming(gated));
        assertThrows(IllegalArgumentException.class,
                () -> plan(List.of(CopyPath.KERNEL), CopyTimer.WALL).withKernelTiming(leadIn));
        assertEquals(eight, plan(List.of(CopyPath.KERNEL), CopyTimer.WALL).withKernelTiming(eight).kernelTiming());
        BandwidthPlan kept = plan(List.of(CopyPath.KERNEL, CopyPath.DRIVER), CopyTimer.EVENTS).withKernelTiming(gated)
                .withAllocations(3).withBlocks(BlockCounts.parse("1..sm"));
        assertEquals(gated, kept.kernelTiming(), "withers keep the kernel timing");
        assertEquals(KernelTiming.DEFAULT, plan(List.of(CopyPath.DRIVER), CopyTimer.EVENTS).kernelTiming());
    }
}
