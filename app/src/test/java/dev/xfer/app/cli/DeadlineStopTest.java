package dev.xfer.app.cli;

import dev.xfer.app.run.Activity;
import dev.xfer.app.run.StopRequest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The time limit asks a measuring run to stop and waits a grace for it to keep its results; a run
 * that reaches no safe point in the grace, or is not measuring yet, is abandoned as before.
 */
class DeadlineStopTest {
    private static final Duration LIMIT = Duration.ofMillis(200);
    private static final Duration GRACE = Duration.ofSeconds(20);

    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void releaseAbandonedWork() {
        release.countDown();
    }

    @Test
    void aMeasuringRunThatReachesASafePointFinishesWithItsOwnResult() {
        StopRequest stop = new StopRequest();
        String result = Deadline.run(() -> {
            stop.enter(StopRequest.Phase.MEASURING);
            while (!stop.requested()) {
                Thread.sleep(10); // a configuration, then a safe point
            }
            return "kept, " + stop.reason().orElseThrow().label();
        }, LIMIT, new Activity(), stop, GRACE);
        assertEquals("kept, time-limit", result);
        assertEquals(4, ExitCode.stopped(stop.reason().orElseThrow()));
    }

    @Test
    void aRunWithoutASafePointInTheGraceIsAbandoned() {
        StopRequest stop = new StopRequest();
        Activity activity = new Activity();
        long start = System.nanoTime();
        RunTimeoutException e = assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            stop.enter(StopRequest.Phase.MEASURING);
            activity.set("copying pinned.h2d.4GiB");
            release.await(60, TimeUnit.SECONDS);
            return "too late";
        }, LIMIT, activity, stop, Duration.ofMillis(300)));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis >= 500 && millis < 10_000, millis + " ms");
        assertTrue(e.getMessage().contains("copying pinned.h2d.4GiB"), e.getMessage());
    }

    @Test
    void aRunNotMeasuringYetGetsNoGrace() {
        StopRequest stop = new StopRequest();
        long start = System.nanoTime();
        assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            release.await(60, TimeUnit.SECONDS); // loading CUDA, say
            return "too late";
        }, LIMIT, new Activity(), stop, GRACE));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < GRACE.toMillis() / 2);
    }
}
