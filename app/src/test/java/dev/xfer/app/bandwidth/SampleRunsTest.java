package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The run's one timing loop, with a counting sample in place of a copy: what runs untimed, what is
 * warm-up, which samples are kept, and what a host copy says it moved across the link.
 */
class SampleRunsTest {
    /** Two warm-up runs, three timed ones, no warm-up time: every run is counted. */
    private static final BandwidthPlan PLAN = new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.PINNED),
            List.of(CopyDirection.H2D, CopyDirection.D2H), 3, 2, CopyTimer.EVENTS, List.of(CopyPath.DRIVER),
            BandwidthPlan.DEFAULT_STAGING, 1, 0L);

    private final List<String> events = new ArrayList<>();
    private final Progress progress = new Progress() {
        @Override
        public void measuring(int done, int total, String configuration) {
            events.add("measuring " + done + "/" + total + " " + configuration);
        }

        @Override
        public void checkpoint() {
            events.add("checkpoint");
        }

        @Override
        public void moved(int device, long toDevice, long fromDevice) {
            events.add("moved " + device + " " + toDevice + " " + fromDevice);
        }
    };
    private final SampleRuns runs = new SampleRuns(PLAN, progress,
            new RunRows(PLAN, OptionalDouble.empty(), NodeTarget.unplaced(), BandwidthTally.quiet(), s -> { }), 7, 3);

    /** A sample whose reading is how many times it ran. */
    private static CopyInitiator.Sample counting(int[] calls) {
        return () -> ++calls[0];
    }

    @Test
    void aMeasuredConfigurationKeepsOnlyItsTimedSamplesAfterTheWarmUp() {
        int[] calls = {0};
        double[] seconds = runs.of("pinned h2d 4096 B", true, counting(calls));
        assertArrayEquals(new double[] {3, 4, 5}, seconds);
        assertEquals(List.of("measuring 0/7 pinned h2d 4096 B", "checkpoint", "checkpoint", "checkpoint"), events);
    }

    @Test
    void anUnmeasuredDirectionRunsOnceUntimedAndSaysNothing() {
        int[] calls = {0};
        assertEquals(0, runs.of("pinned d2h 4096 B", false, counting(calls)).length);
        assertEquals(1, calls[0]);
        assertEquals(List.of(), events);
    }

    @Test
    void aHostCopySaysAfterItsLoopWhatEveryRunMovedAcrossTheLink() {
        int[] calls = {0};
        runs.acrossLink(CopyDirection.D2H, "pinned d2h 4096 B", 4096, 0, true, counting(calls));
        assertEquals(5, calls[0]);
        assertEquals("moved 3 0 " + 5 * 4096, events.getLast());
        events.clear();
        runs.acrossLink(CopyDirection.H2D, "pinned h2d 4096 B", 4096, 0, false, counting(new int[1]));
        assertEquals(List.of("moved 3 4096 0"), events, "the one untimed copy of a direction not measured");
    }
}
