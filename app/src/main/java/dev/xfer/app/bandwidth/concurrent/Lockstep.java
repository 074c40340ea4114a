package dev.xfer.app.bandwidth.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * Lanes, each on a thread of its own, that run one iteration together each time the calling
 * thread asks ({@link #round()}): the calling thread runs the sample loop ({@code SampleLoop}),
 * and a round is one of its samples, every lane's reading of one iteration. The lanes and the
 * caller meet at a {@link Phaser} before a round (the caller's arrival releases every lane at
 * once) and after it (the caller waits for the last lane to end), so no lane starts iteration
 * k+1 before every lane has ended iteration k. A lane that fails ends the phaser, which releases
 * the others and makes the round throw that lane's failure; {@link #close()} ends the lanes and
 * waits for them.
 *
 * @param <T> one lane's reading of one iteration
 */
final class Lockstep<T> implements AutoCloseable {
    private final int lanes;
    private final Phaser phaser;
    private final List<Future<?>> running = new ArrayList<>();
    private volatile AtomicReferenceArray<T> readings;
    /** Whether a round has thrown a lane's failure already, so {@link #close()} does not throw it again. */
    private boolean thrown;

    /**
     * Starts the lanes on {@code pool} (which must have a thread for each): lane {@code i} runs
     * {@code enter} once, then {@code iteration} once per round.
     */
    Lockstep(ExecutorService pool, int lanes, IntConsumer enter, IntFunction<T> iteration) {
        this.lanes = lanes;
        this.phaser = new Phaser(lanes + 1);
        for (int i = 0; i < lanes; i++) {
            int lane = i;
            running.add(pool.submit(() -> runLane(lane, enter, iteration)));
        }
    }

    private void runLane(int lane, IntConsumer enter, IntFunction<T> iteration) {
        try {
            enter.accept(lane);
            while (phaser.arriveAndAwaitAdvance() >= 0) { // released together by the caller's arrival
                readings.set(lane, iteration.apply(lane));
                if (phaser.arriveAndAwaitAdvance() < 0) {
                    return;
                }
            }
        } catch (RuntimeException | Error e) {
            phaser.forceTermination(); // the caller and the other lanes stop waiting
            throw e;
        }
    }

    /** One iteration on every lane at once; each lane's reading, in lane order, once all have ended. */
    List<T> round() {
        AtomicReferenceArray<T> round = new AtomicReferenceArray<>(lanes);
        readings = round;
        if (phaser.arriveAndAwaitAdvance() < 0 || phaser.arriveAndAwaitAdvance() < 0) {
            throw laneFailure();
        }
        List<T> out = new ArrayList<>(lanes);
        for (int i = 0; i < lanes; i++) {
            out.add(round.get(i));
        }
        return out;
    }

    /** The first lane's failure, waited for; the lanes ended without one when the rounds were closed. */
    private RuntimeException laneFailure() {
        RuntimeException first = joinLanes();
        thrown = first != null;
        return first != null ? first : new IllegalStateException("the lanes ended before the round");
    }

    /** Waits for every lane to return; the first failure (others suppressed in it), or null. */
    private RuntimeException joinLanes() {
        return firstFailure(running);
    }

    /**
     * Waits for every one of {@code tasks}; the first failure (the others suppressed in it), or
     * null. An {@link Error} is thrown at once, and an interrupt ends the wait.
     */
    static RuntimeException firstFailure(Iterable<? extends Future<?>> tasks) {
        RuntimeException first = null;
        for (Future<?> f : tasks) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the GPUs were copying", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Error error) {
                    throw error;
                }
                RuntimeException failure = cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
                if (first == null) {
                    first = failure;
                } else {
                    first.addSuppressed(failure);
                }
            }
        }
        return first;
    }

    /** Ends the lanes (those waiting for a round return at once) and waits for them; rethrows a lane's failure. */
    @Override
    public void close() {
        phaser.forceTermination();
        RuntimeException failure = joinLanes();
        if (failure != null && !thrown) {
            throw failure;
        }
    }
}
