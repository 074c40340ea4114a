package dev.xfer.app.check;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads doubles and counts the ones that are not the expected 1..period sequence. This read is
 * the racing access. With several readers each reads one contiguous slice at the same time, the
 * way a parallel reduction (PyTorch's {@code mean()}, {@code ==}) reads a tensor: the readers of the
 * last slices reach their data before the copy does, where one reader from the front never would,
 * since the copy engine writes faster than one thread reads.
 */
public final class SequenceScan {
    /** 64 KiB of doubles: a bulk read's cost is spread over many elements, and the chunk stays in L1/L2. */
    static final int CHUNK = 8192;

    private SequenceScan() {
    }

    /** Wrong elements and the largest error among them (NaN once any poison was read). */
    public record Outcome(long wrong, double maxError) {
        Outcome plus(Outcome other) {
            double error = Double.isNaN(maxError) || Double.isNaN(other.maxError) ? Double.NaN
                    : Math.max(maxError, other.maxError);
            return new Outcome(wrong + other.wrong, error);
        }
    }

    /** One reader, front to back. */
    public static Outcome scan(MemorySegment doubles, long elements, long period) {
        return scan(doubles, 0, elements, period);
    }

    /**
     * Elements {@code [from, to)}, read front to back in chunks of {@link #CHUNK} doubles: each chunk
     * is copied out with one bulk read, then compared. Reading element by element through the
     * segment costs hundreds of nanoseconds an element until the JIT has compiled the loop, which
     * made a first check of 80 MB take 0.2 s (the quick smoke profile's checks ran in a cold JVM);
     * the bulk read is an intrinsic from the first call, and it still reads each chunk once, in
     * order, racing the copy as the element-by-element read did.
     */
    static Outcome scan(MemorySegment doubles, long from, long to, long period) {
        long wrong = 0;
        double maxError = 0;
        double expected = (double) (from % period + 1);
        double[] chunk = new double[(int) Math.min(CHUNK, Math.max(0, to - from))];
        for (long start = from; start < to; start += chunk.length) {
            int n = (int) Math.min(chunk.length, to - start);
            MemorySegment.copy(doubles, ValueLayout.JAVA_DOUBLE, start * Double.BYTES, chunk, 0, n);
            for (int i = 0; i < n; i++) {
                double v = chunk[i];
                if (v != expected) {
                    wrong++;
                    double error = Math.abs(v - expected);
                    maxError = Double.isNaN(error) || Double.isNaN(maxError) ? Double.NaN : Math.max(maxError, error);
                }
                expected = expected == period ? 1 : expected + 1;
            }
        }
        return new Outcome(wrong, maxError);
    }

    /** {@code readers} threads of {@code pool} read one slice each, all at once. */
    public static Outcome scanParallel(MemorySegment doubles, long elements, long period, int readers,
                                       ExecutorService pool) {
        if (readers <= 1) {
            return scan(doubles, elements, period);
        }
        long slice = (elements + readers - 1) / readers;
        List<Future<Outcome>> parts = new ArrayList<>(readers);
        for (int r = 0; r < readers; r++) {
            long from = Math.min(elements, r * slice);
            long to = Math.min(elements, from + slice);
            parts.add(pool.submit(() -> scan(doubles, from, to, period)));
        }
        Outcome total = new Outcome(0, 0);
        for (Future<Outcome> part : parts) {
            try {
                total = total.plus(part.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("a reader failed", e.getCause());
            }
        }
        return total;
    }
}
