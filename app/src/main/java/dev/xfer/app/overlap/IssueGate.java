package dev.xfer.app.overlap;

import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;

import java.util.function.IntConsumer;

/**
 * A one-block busy kernel that holds a stream for a few milliseconds while the host issues a
 * recorded iteration behind it. Without it the recording would draw how fast the host issues
 * (each operation with two event records, code run for the first time) rather than how the
 * device runs the schedule: on an H200 the first recordings took 2 to 3 times the timed median.
 */
public final class IssueGate {
    /** Longer than issuing any schedule takes, events included (well under 1 ms for 16 streams). */
    static final double TARGET_MS = 3.0;

    private final IntConsumer launch;
    private final int iterations;

    private IssueGate(IntConsumer launch, int iterations) {
        this.launch = launch;
        this.iterations = iterations;
    }

    /**
     * Times the kernel on {@code on} with growing iteration counts until it runs for a measurable
     * while, then scales the count to about {@link #TARGET_MS}.
     *
     * @param launch enqueues the busy kernel with the given iteration count on {@code on}
     */
    public static IssueGate calibrate(CudaDevice device, CudaStream on, IntConsumer launch) {
        try (CudaEvent begin = CudaEvent.timing(device); CudaEvent end = CudaEvent.timing(device)) {
            long n = 1024;
            while (true) {
                begin.record(on);
                launch.accept((int) n);
                end.record(on);
                end.synchronize();
                double ms = begin.millisecondsTo(end);
                if (ms >= TARGET_MS / 8 || n >= Integer.MAX_VALUE / 16) {
                    long scaled = (long) Math.ceil(n * TARGET_MS / Math.max(ms, 1e-3));
                    return new IssueGate(launch, (int) Math.min(Integer.MAX_VALUE, Math.max(1, scaled)));
                }
                n *= 4;
            }
        }
    }

    /** Enqueues the kernel: the stream is busy for about {@link #TARGET_MS} from now. */
    void hold() {
        launch.accept(iterations);
    }
}
