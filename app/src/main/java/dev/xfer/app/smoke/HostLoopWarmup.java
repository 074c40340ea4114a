package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.DataPattern;
import dev.xfer.app.check.SequenceScan;
import dev.xfer.app.overlap.OverlapBenchmark;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Has the JIT compile smoke's three host loops while CUDA creates the device's context, on a
 * thread of its own, so that the run's first rows do not run them interpreted: the bandwidth
 * reference's pattern ({@link DataPattern#fill}), the overlap array's error
 * ({@link OverlapBenchmark#maxError}) and the check's read ({@link SequenceScan#scan}).
 *
 * <p>Why: on an H100 (2026-12-07, docs/evidence.md) a cold {@code smoke --quick} spent 116-294 ms
 * in the check's three reads of 32 MB (16 threads), where warm reads take a few ms, 22-30 ms on the
 * overlap array's first error against 6-9 ms on the next two, and 52-100 ms on the reference's
 * 64 MiB, first touch included. The context takes 0.26-0.39 s, in which the measuring thread only waits for the
 * driver; the warm-up moves nothing on the link and touches no GPU, and {@link #close()} waits
 * for it before the first configuration, so no measurement runs beside it.
 *
 * <p>The calls are many and small (scratch arrays of {@link #ELEMENTS}): the JIT compiles a method
 * by how often it is called and how often its loops turn, not by how much memory it reads.
 */
final class HostLoopWarmup implements AutoCloseable {
    /**
     * Calls of each loop: past HotSpot's thresholds for compiling a method by the optimizing
     * compiler (a few hundred calls whose loops turn thousands of times). Measured on this
     * project's 2-core CI machine, 700 calls of 1024 elements took 85-93 ms and left the first
     * 32 MB read at warm speed (5.7 against 27-48 ms cold); fewer calls sometimes did not.
     */
    static final int CALLS = 700;
    static final int ELEMENTS = 1024;
    /**
     * The scratch sequence's period, far shorter than the scratch, so that the read's wrap back to
     * 1 is a branch taken here. With the check's own period (999,999, past the scratch) it was
     * never taken, the JIT compiled it as never happening, and the real read's first wrap threw
     * the compiled code out ({@code -Xlog:deoptimization}: {@code unstable_if} in
     * {@code SequenceScan.scan}): on this project's CI machine the first two reads of 32 MB after
     * the warm-up took 17-24 ms, the later ones 5.
     */
    static final long SCRATCH_PERIOD = 100;
    /** How far off the one wrong element planted in the scratch sequence is: the read must find it, and that branch is taken too. */
    static final double PLANTED_ERROR = 0.5;

    private final FutureTask<Void> work;

    private HostLoopWarmup(FutureTask<Void> work) {
        this.work = work;
    }

    /** Starts the warm-up on a daemon thread: a stuck run must not be kept alive by it. */
    static HostLoopWarmup start() {
        return start(() -> compile(CALLS, ELEMENTS));
    }

    /** Runs {@code work} as the warm-up (a test's failing work, for one). */
    static HostLoopWarmup start(Runnable work) {
        FutureTask<Void> task = new FutureTask<>(work, null);
        Thread.ofPlatform().daemon(true).name("xfer-host-loop-warmup").start(task);
        return new HostLoopWarmup(task);
    }

    /**
     * Runs each loop {@code calls} times over {@code elements} of scratch memory, each result
     * checked: a loop that gives a wrong answer here would judge the GPU's data wrongly too.
     */
    static void compile(int calls, int elements) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sequence = arena.allocate((long) elements * Double.BYTES, Double.BYTES);
            MemorySegment ones = arena.allocate((long) elements * Float.BYTES, Float.BYTES);
            MemorySegment pattern = arena.allocate((long) elements * Long.BYTES, Long.BYTES);
            for (long i = 0; i < elements; i++) {
                sequence.setAtIndex(ValueLayout.JAVA_DOUBLE, i, (double) (i % SCRATCH_PERIOD + 1));
                ones.setAtIndex(ValueLayout.JAVA_FLOAT, i, 1.0f);
            }
            long planted = elements / 2;
            sequence.setAtIndex(ValueLayout.JAVA_DOUBLE, planted, planted % SCRATCH_PERIOD + 1 + PLANTED_ERROR);
            for (int k = 0; k < calls; k++) {
                SequenceScan.Outcome seen = SequenceScan.scan(sequence, elements, SCRATCH_PERIOD);
                double error = OverlapBenchmark.maxError(ones, elements);
                DataPattern.fill(pattern, k);
                if (seen.wrong() != 1 || seen.maxError() != PLANTED_ERROR || error != 0.0) {
                    throw new IllegalStateException("the host loops' warm-up read " + seen.wrong()
                            + " wrong elements (1 planted, " + PLANTED_ERROR + " off) of a known sequence, the largest "
                            + seen.maxError() + " off, and an error of " + error + " in ones");
                }
            }
        }
    }

    /** Waits for the warm-up to end; a failure in it is an internal error. */
    @Override
    public void close() {
        try {
            work.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the host loops' warm-up", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the host loops' warm-up failed: " + e.getCause(), e.getCause());
        }
    }
}
