package dev.xfer.app.cli;

import dev.xfer.app.run.Activity;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --timeout} on a deliberately slow fake step: the limit fires on time, names what the
 * step said it was doing before it blocked, and maps to exit code 4 with one line on stderr.
 */
class DeadlineTest {
    private static final Duration LIMIT = Duration.ofMillis(100);
    /** Far longer than the limit: a step this slow that is not cut short fails the test's timing. */
    private static final long STEP_SECONDS = 60;
    /** Well under the step's own time, generous for a loaded 2-core CI machine. */
    private static final Duration QUICKLY = Duration.ofSeconds(10);

    /** Released after each test so no abandoned step outlives it. */
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicBoolean stop = new AtomicBoolean();

    @AfterEach
    void releaseAbandonedSteps() {
        release.countDown();
        stop.set(true);
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    @Test
    void aStepBlockedPastTheLimitEndsTheRunQuicklyNamingTheActivity() {
        Activity activity = new Activity();
        CountDownLatch interrupted = new CountDownLatch(1);
        long start = System.nanoTime();
        RunTimeoutException e = assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            activity.set("copying pinned.h2d.16MiB (3 of 8)");
            try {
                release.await(STEP_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException stopped) {
                interrupted.countDown();
            }
            return "too late";
        }, LIMIT, activity));
        long elapsed = millisSince(start);

        assertEquals("time limit of 100ms exceeded while copying pinned.h2d.16MiB (3 of 8)", e.getMessage());
        assertTrue(elapsed >= LIMIT.toMillis(), "not before the limit: " + elapsed + " ms");
        assertTrue(elapsed < QUICKLY.toMillis(), "quickly, not after the step's own time: " + elapsed + " ms");
        // The stuck worker is at least asked to stop.
        assertTrue(awaitQuietly(interrupted), "the step's thread was interrupted");
    }

    /** A CUDA call that never returns ignores interrupts; the limit must not wait for it. */
    @Test
    void aStepThatIgnoresInterruptsIsAbandoned() {
        Activity activity = new Activity();
        long start = System.nanoTime();
        RunTimeoutException e = assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            activity.set("synchronizing stream 2");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_SECONDS);
            while (!stop.get() && System.nanoTime() < until) {
                Thread.onSpinWait();
                Thread.interrupted(); // swallow the interrupt, as native code would
            }
            return 0;
        }, LIMIT, activity));
        long elapsed = millisSince(start);

        assertEquals("time limit of 100ms exceeded while synchronizing stream 2", e.getMessage());
        assertTrue(elapsed < QUICKLY.toMillis(), "quickly: " + elapsed + " ms");
    }

    @Test
    void theActivityIsReadWhenTheLimitStrikesNotWhenTheRunStarts() {
        Activity activity = new Activity();
        activity.set("loading libcudart");
        RunTimeoutException e = assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            activity.set("reading device 0");
            activity.set("measuring overlap.v2 (3 of 3)");
            release.await(STEP_SECONDS, TimeUnit.SECONDS);
            return null;
        }, LIMIT, activity));
        assertTrue(e.getMessage().endsWith(" while measuring overlap.v2 (3 of 3)"), e.getMessage());
    }

    @Test
    void aFastStepReturnsItsValue() {
        Activity activity = new Activity();
        assertEquals(42, Deadline.run(() -> 42, Duration.ofSeconds(30), activity));
        assertEquals("done", Deadline.run(() -> {
            activity.set("a quick step");
            return "done";
        }, Duration.ofSeconds(30), activity));
    }

    @Test
    void aStepsRuntimeExceptionPropagatesUnchanged() {
        UsageException thrown = new UsageException("--size must be positive");
        RuntimeException e = assertThrows(RuntimeException.class, () -> Deadline.run(() -> {
            throw thrown;
        }, Duration.ofSeconds(30), new Activity()));
        assertSame(thrown, e);
        assertEquals(ExitCode.USAGE, ErrorLine.exitCode(e), "so its own exit code still applies");
    }

    @Test
    void aStepsErrorPropagatesUnchanged() {
        AssertionError thrown = new AssertionError("boom");
        AssertionError e = assertThrows(AssertionError.class, () -> Deadline.run(() -> {
            throw thrown;
        }, Duration.ofSeconds(30), new Activity()));
        assertSame(thrown, e);
    }

    @Test
    void aStepsCheckedExceptionIsWrappedWithItAsTheCause() {
        IOException thrown = new IOException("disk full");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Deadline.run(() -> {
            throw thrown;
        }, Duration.ofSeconds(30), new Activity()));
        assertSame(thrown, e.getCause());
    }

    @Test
    void theTimeoutIsExitCode4AndOneLine() {
        Activity activity = new Activity();
        RunTimeoutException e = assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            activity.set("copying pageable.d2h.1GiB");
            release.await(STEP_SECONDS, TimeUnit.SECONDS);
            return null;
        }, LIMIT, activity));

        assertEquals(ExitCode.TIMEOUT, ErrorLine.exitCode(e));
        assertEquals(4, ExitCode.TIMEOUT, "the README's documented code");
        String line = ErrorLine.line(e);
        assertEquals("xfer: time limit of 100ms exceeded while copying pageable.d2h.1GiB", line);
        assertFalse(line.contains("\n"), line);

        StringWriter err = new StringWriter();
        assertEquals(4, ErrorLine.report(e, new PrintWriter(err), false));
        assertEquals(line + System.lineSeparator(), err.toString(), "one line on stderr, no stack trace");
    }

    @Test
    void theMessageStatesTheLimitAsGiven() {
        Activity activity = new Activity();
        RunTimeoutException e = assertThrows(RunTimeoutException.class, () -> Deadline.run(() -> {
            release.await(STEP_SECONDS, TimeUnit.SECONDS);
            return null;
        }, Duration.ofMillis(150), activity));
        assertEquals("time limit of 150ms exceeded while starting", e.getMessage(),
                "a step that never said what it does is still named: the initial activity");
    }

    private static boolean awaitQuietly(CountDownLatch latch) {
        try {
            return latch.await(QUICKLY.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
