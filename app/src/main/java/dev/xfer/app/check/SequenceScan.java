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

    /** Elements {@code [from, to)}. */
    static Outcome scan(MemorySegment doubles, long from, long to, long period) {
        long wrong = 0;
        double maxError = 0;
        double expected = (double) (from % period + 1);
        for (long i = from; i < to; i++) {
            double v = doubles.getAtIndex(ValueLayout.JAVA_DOUBLE, i);
            if (v != expected) {
                wrong++;
                double error = Math.abs(v - expected);
                maxError = Double.isNaN(error) || Double.isNaN(maxError) ? Double.NaN : Math.max(maxError, error);
            }
            expected = expected == period ? 1 : expected + 1;
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
