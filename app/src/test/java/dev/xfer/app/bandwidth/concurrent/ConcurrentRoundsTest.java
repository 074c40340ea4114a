package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.measure.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lockstep of {@code --concurrent} on plain threads, no GPU: every lane runs the same
 * iterations, none starts an iteration before all have finished the one before, and a lane that
 * fails releases the others.
 */
class ConcurrentRoundsTest {

    private record Span(int slot, long start, long end) {
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void everyLaneRunsTheSameIterationsTogether() throws Exception {
        int lanes = 4;
        ConcurrentBenchmark.Rounds rounds = new ConcurrentBenchmark.Rounds(lanes, 3, 7);
        List<List<Span>> seen = new ArrayList<>();
        for (int i = 0; i < lanes; i++) {
            seen.add(Collections.synchronizedList(new ArrayList<>()));
        }
        AtomicLong clock = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(lanes);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < lanes; i++) {
                int lane = i;
                futures.add(pool.submit(() -> rounds.run(slot -> {
                    long start = clock.incrementAndGet();
                    Thread.onSpinWait();
                    seen.get(lane).add(new Span(slot, start, clock.incrementAndGet()));
                })));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<Integer> slots = seen.getFirst().stream().map(Span::slot).toList();
        for (List<Span> lane : seen) {
            assertEquals(slots, lane.stream().map(Span::slot).toList(), "every lane, the same iterations");
        }
        int warm = (int) slots.stream().filter(s -> s < 0).count();
        assertTrue(warm >= 3, "at least --warmup warm-up iterations: " + warm);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), slots.subList(warm, slots.size()), "then the timed ones in order");
        assertTrue(slots.subList(0, warm).stream().allMatch(s -> s == -1), "warm-ups come first");
        // no lane starts iteration k+1 before every lane has ended iteration k
        for (int k = 0; k + 1 < slots.size(); k++) {
            long lastEnd = 0;
            long firstStart = Long.MAX_VALUE;
            for (List<Span> lane : seen) {
                lastEnd = Math.max(lastEnd, lane.get(k).end());
                firstStart = Math.min(firstStart, lane.get(k + 1).start());
            }
            assertTrue(firstStart > lastEnd, "iteration " + (k + 1) + " started before " + k + " ended everywhere");
        }
        assertFalse(rounds.abandoned());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void warmUpLastsAtLeastTheMinimumTime() throws Exception {
        ConcurrentBenchmark.Rounds rounds = new ConcurrentBenchmark.Rounds(2, 0, 1);
        List<Long> timedAt = Collections.synchronizedList(new ArrayList<>());
        long started = System.nanoTime();
        Thread other = Thread.ofPlatform().start(() -> rounds.run(slot -> { }));
        rounds.run(slot -> {
            if (slot == 0) {
                timedAt.add(System.nanoTime());
            }
        });
        other.join();
        assertEquals(1, timedAt.size());
        assertTrue(timedAt.getFirst() - started >= Warmup.MIN_NANOS, "200 ms of warm-up before the timed iteration");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aLaneThatFailsReleasesTheOthers() throws Exception {
        int lanes = 3;
        ConcurrentBenchmark.Rounds rounds = new ConcurrentBenchmark.Rounds(lanes, 0, 1_000_000);
        ExecutorService pool = Executors.newFixedThreadPool(lanes);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < lanes; i++) {
                int lane = i;
                futures.add(pool.submit(() -> {
                    int[] iterations = {0};
                    try {
                        rounds.run(slot -> {
                            if (lane == 1 && ++iterations[0] == 5) {
                                throw new IllegalStateException("lane 1 failed");
                            }
                        });
                    } catch (RuntimeException e) {
                        rounds.abandon();
                        throw e;
                    }
                    return null;
                }));
            }
            ExecutionException failed = assertThrows(ExecutionException.class, () -> futures.get(1).get());
            assertInstanceOf(IllegalStateException.class, failed.getCause());
            futures.get(0).get(10, TimeUnit.SECONDS); // returns, rather than waiting for lane 1 forever
            futures.get(2).get(10, TimeUnit.SECONDS);
            assertTrue(rounds.abandoned());
        } finally {
            pool.shutdownNow();
        }
    }
}
