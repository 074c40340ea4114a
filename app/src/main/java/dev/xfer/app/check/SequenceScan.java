package dev.xfer.app.check;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads doubles front to back, as a consumer of the data would, and counts the ones that are not
 * the expected 1..period sequence. This read is the racing access, so it is one plain pass.
 */
public final class SequenceScan {
    private SequenceScan() {
    }

    /** Wrong elements and the largest error among them (NaN once any poison was read). */
    public record Outcome(long wrong, double maxError) {
    }

    public static Outcome scan(MemorySegment doubles, long elements, long period) {
        long wrong = 0;
        double maxError = 0;
        double expected = 1;
        for (long i = 0; i < elements; i++) {
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
}
