package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lockstep of {@code --concurrent} on plain threads, no GPU: the sample loop's rounds run
 * every lane once each, no lane starts a round before all have finished the one before, and a
 * lane that fails releases the others and fails the round.
 */
class ConcurrentLockstepTest {

    private record Span(int lane, int entered, long start, long end) {
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void everyLaneRunsEachOfTheSampleLoopsRoundsTogether() {
        int lanes = 4;
        AtomicLong clock = new AtomicLong();
        AtomicInteger entered = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(lanes);
        List<List<Span>> rounds;
        try (Lockstep<Span> lockstep = new Lockstep<>(pool, lanes, lane -> entered.incrementAndGet(), lane -> {
            long start = clock.incrementAndGet();
            Thread.onSpinWait();
            return new Span(lane, entered.get(), start, clock.incrementAndGet());
        })) {
            rounds = new SampleLoop(new Warmup(3, 0), 7).samples(lockstep::round);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(7, rounds.size(), "the timed rounds, the warm-up ones dropped");
        for (List<Span> round : rounds) {
            assertEquals(List.of(0, 1, 2, 3), round.stream().map(Span::lane).toList(), "each lane once, in lane order");
            assertTrue(round.stream().allMatch(s -> s.entered() == lanes), "every lane entered before the first round");
        }
        // no lane starts round k+1 before every lane has ended round k
        for (int k = 0; k + 1 < rounds.size(); k++) {
            long lastEnd = rounds.get(k).stream().mapToLong(Span::end).max().orElseThrow();
            long firstStart = rounds.get(k + 1).stream().mapToLong(Span::start).min().orElseThrow();
            assertTrue(firstStart > lastEnd, "round " + (k + 1) + " started before " + k + " ended everywhere");
        }
        // 3 warm-up rounds and 7 timed ones, two clock ticks per lane each
        assertEquals(2L * lanes * (3 + 7), clock.get());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aLaneThatFailsReleasesTheOthersAndFailsTheRound() {
        int lanes = 3;
        IllegalStateException boom = new IllegalStateException("lane 1 failed");
        AtomicInteger laneOneRuns = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(lanes);
        List<Integer> done = new ArrayList<>();
        try {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
                try (Lockstep<Integer> lockstep = new Lockstep<>(pool, lanes, lane -> { }, lane -> {
                    if (lane == 1 && laneOneRuns.incrementAndGet() == 5) {
                        throw boom;
                    }
                    return lane;
                })) {
                    for (int i = 0; i < 1_000_000; i++) {
                        lockstep.round();
                        done.add(i);
                    }
                }
            });
            assertSame(boom, thrown, "the lane's own failure, not hidden behind the closing");
            assertEquals(4, done.size(), "the rounds before the failing one completed");
            pool.shutdown();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "the other lanes returned, not waiting forever");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void closingEndsIdleLanes() throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            try (Lockstep<Integer> lockstep = new Lockstep<>(pool, 2, lane -> { }, lane -> lane)) {
                assertEquals(List.of(0, 1), lockstep.round());
            }
            pool.shutdown();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "both lanes returned once closed");
        } finally {
            pool.shutdownNow();
        }
    }
}
