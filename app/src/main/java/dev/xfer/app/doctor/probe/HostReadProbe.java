package dev.xfer.app.doctor.probe;

import dev.xfer.app.doctor.HostReads;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.stats.Median;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.HostAllocationException;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.host.HostMemcpy;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Times the host reading page-locked memory: a write-combined buffer and an ordinary pinned one of
 * {@value #SIZE_MIB} MiB, each copied by the C library's memcpy into pageable memory, in turns,
 * {@value #REPEATS} times after one untimed read of each; the medians. Write-combined memory is
 * uncached for the CPU, so its reads can be slow enough to matter for the 15 s budget: once they
 * have taken {@value #BUDGET_MILLIS} ms the timing stops after {@value #AT_LEAST} repetitions, and
 * the evidence says how many there were.
 */
final class HostReadProbe {
    static final int SIZE_MIB = 16;
    static final long SIZE = (long) SIZE_MIB << 20;
    static final int REPEATS = 5;
    static final int AT_LEAST = 3;
    static final long BUDGET_MILLIS = 3000;
    /** Each memcpy is a critical downcall, which holds off the garbage collector: kept to a few milliseconds. */
    static final long CHUNK = 1L << 20;

    private final CudaDevice device;

    HostReadProbe(CudaDevice device) {
        this.device = device;
    }

    /** The two rates, or why a buffer could not be had (the pinned-memory limit, a failing driver). */
    Reading<HostReads> measure() {
        device.makeCurrent();
        try (HostBuffer writeCombined = HostMemoryKind.WRITE_COMBINED.allocate(SIZE);
             HostBuffer pinned = HostMemoryKind.PINNED.allocate(SIZE);
             HostBuffer into = HostMemoryKind.PAGEABLE.allocate(SIZE)) {
            // Written first, as a program fills a write-combined buffer, so every page is mapped.
            writeCombined.segment().fill((byte) 0x5a);
            pinned.segment().fill((byte) 0x5a);
            read(pinned.segment(), into.segment());
            long spent = read(writeCombined.segment(), into.segment());
            double[] cached = new double[REPEATS];
            double[] combined = new double[REPEATS];
            int n = 0;
            while (n < REPEATS && (n < AT_LEAST || spent < BUDGET_MILLIS * 1_000_000)) {
                cached[n] = gbps(read(pinned.segment(), into.segment()));
                long nanos = read(writeCombined.segment(), into.segment());
                spent += nanos;
                combined[n++] = gbps(nanos);
            }
            return Reading.known(new HostReads(Median.of(Arrays.copyOf(combined, n)),
                    Median.of(Arrays.copyOf(cached, n))), where(n));
        } catch (CudaException | HostAllocationException e) {
            return Reading.unknown(e.getMessage(), "cudaHostAlloc(" + SIZE + " bytes), doctor's host read probe");
        }
    }

    /** What the evidence says was timed. */
    static String where(int repetitions) {
        return "doctor's probe: libc memcpy of " + SIZE_MIB + " MiB from the buffer into pageable memory by the host,"
                + " median of " + repetitions + " after 1, the two buffers in turns, wall time";
    }

    /** The nanoseconds one read of {@code from} took. */
    private static long read(MemorySegment from, MemorySegment into) {
        long start = System.nanoTime();
        for (long offset = 0; offset < SIZE; offset += CHUNK) {
            HostMemcpy.copy(from, offset, into, offset, Math.min(CHUNK, SIZE - offset));
        }
        return Math.max(1, System.nanoTime() - start);
    }

    private static double gbps(long nanos) {
        return SIZE / (double) nanos;
    }
}
