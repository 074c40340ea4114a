package dev.xfer.app.measure;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop's order and arithmetic, with a clock that logs its marks and gives the n-th reading
 * as n seconds (n * 1000 + 0.5 ms, so a test sees which of the two a loop read). The CUDA-event
 * clock is the same loop on a GPU: {@code BandwidthOnGpuTest}, {@code OverlapOnGpuTest} and the
 * other engines' GPU tests.
 */
class SampleLoopTest {
    private final List<String> log = new ArrayList<>();

    /** Logs start and stop; its n-th stop (from 1) makes the reading n. */
    private final class ScriptedClock implements SampleClock {
        private int stops;

        @Override
        public void start() {
            log.add("start");
        }

        @Override
        public void stop() {
            stops++;
            log.add("stop");
        }

        @Override
        public double seconds() {
            log.add("read");
            return stops;
        }

        @Override
        public double milliseconds() {
            log.add("read");
            return stops * 1000 + 0.5;
        }
    }

    private final Runnable work = () -> log.add("work");

    private static List<String> times(int n, String... entries) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Collections.addAll(out, entries);
        }
        return out;
    }

    @Test
    void warmsUpByCountThenTimesEachRunBetweenTheMarksAfterItsSafePointAndSetUp() {
        Progress progress = (done, total, configuration) -> { };
        Progress logging = new Progress() {
            @Override
            public void measuring(int done, int total, String configuration) {
                progress.measuring(done, total, configuration);
            }

            @Override
            public void checkpoint() {
                log.add("checkpoint");
            }
        };
        double[] seconds = new SampleLoop(new Warmup(2, 0), 3).stoppingAt(logging)
                .settingUp(() -> log.add("set-up")).settingUpTimed(() -> log.add("timed set-up"))
                .seconds(new ScriptedClock(), work);

        List<String> expected = times(2, "set-up", "start", "work", "stop", "read");
        expected.addAll(times(3, "checkpoint", "set-up", "timed set-up", "start", "work", "stop", "read"));
        assertEquals(expected, log);
        // The two warm-up readings (1 and 2) are dropped; the timed ones are kept in run order.
        assertArrayEquals(new double[] {3, 4, 5}, seconds);
    }

    @Test
    void millisecondsAreTheClocksOwnMillisecondReadingsNotSecondsScaled() {
        double[] ms = new SampleLoop(new Warmup(1, 0), 2).milliseconds(new ScriptedClock(), work);
        assertArrayEquals(new double[] {2000.5, 3000.5}, ms);
        assertEquals(times(3, "start", "work", "stop", "read"), log);
    }

    @Test
    void withoutHooksAndWarmUpOnlyTheTimedRunsRun() {
        double[] seconds = new SampleLoop(new Warmup(0, 0), 2).seconds(new ScriptedClock(), work);
        assertArrayEquals(new double[] {1, 2}, seconds);
        assertEquals(times(2, "start", "work", "stop", "read"), log);
    }

    @Test
    void noIterationsIsOnlyTheWarmUp() {
        double[] seconds = new SampleLoop(new Warmup(2, 0), 0).seconds(new ScriptedClock(), work);
        assertEquals(0, seconds.length);
        assertEquals(times(2, "start", "work", "stop", "read"), log);
    }

    @Test
    void aStopAtASafePointEndsTheLoopBeforeTheNextRunStarts() {
        AtomicInteger checkpoints = new AtomicInteger();
        Progress stopSecond = new Progress() {
            @Override
            public void measuring(int done, int total, String configuration) {
            }

            @Override
            public void checkpoint() {
                if (checkpoints.incrementAndGet() == 2) {
                    throw new RunStopped("SIGINT");
                }
            }
        };
        SampleLoop loop = new SampleLoop(new Warmup(1, 0), 5).stoppingAt(stopSecond)
                .settingUp(() -> log.add("set-up"));
        assertThrows(RunStopped.class, () -> loop.seconds(new ScriptedClock(), work));
        // One warm-up run and one timed run, each whole; nothing of the second timed run began.
        assertEquals(times(2, "set-up", "start", "work", "stop", "read"), log);
        assertEquals(2, checkpoints.get());
    }

    @Test
    void samplesThatTimeThemselvesAreKeptAfterTheWarmUpInRunOrder() {
        AtomicInteger runs = new AtomicInteger();
        List<Integer> samples = new SampleLoop(new Warmup(3, 0), 4).settingUp(() -> log.add("set-up"))
                .samples(runs::incrementAndGet);
        assertEquals(List.of(4, 5, 6, 7), samples);
        assertEquals(times(7, "set-up"), log);
    }

    @Test
    void theWarmUpLastsAtLeastItsTimeWhateverItsCount() {
        long minNanos = 30_000_000L;
        long t0 = System.nanoTime();
        new SampleLoop(new Warmup(0, minNanos), 1).seconds(new ScriptedClock(), work);
        long elapsed = System.nanoTime() - t0;
        assertTrue(elapsed >= minNanos, elapsed + " ns");
        long warmUpRuns = log.stream().filter("work"::equals).count() - 1;
        assertTrue(warmUpRuns >= 1, "warm-up runs: " + warmUpRuns);
    }

    @Test
    void eachRunsCheckComesAfterItsStopMarkWarmUpIncludedAndBeforeTheNextRun() {
        double[] ms = new SampleLoop(new Warmup(1, 0), 2).settingUp(() -> log.add("set-up"))
                .checkingEach(() -> log.add("check")).milliseconds(new ScriptedClock(), work);
        assertArrayEquals(new double[] {2000.5, 3000.5}, ms);
        assertEquals(times(3, "set-up", "start", "work", "stop", "read", "check"), log);
    }

    @Test
    void aNegativeIterationCountIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SampleLoop(new Warmup(0, 0), -1));
    }

    @Test
    void theHostClockUntilReturnReadsTheWorksWallTimeInBothUnits() {
        HostClock clock = HostClock.untilReturn();
        double seconds = clock.time(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
        assertTrue(seconds >= 0.020, seconds + " s");
        assertTrue(seconds < 60, seconds + " s");
        assertEquals(seconds * 1e3, clock.milliseconds(), 1e-9);
    }
}
