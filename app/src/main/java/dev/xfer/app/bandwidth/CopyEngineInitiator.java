package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.SampleClock;
import dev.xfer.cuda.CudaStream;

/**
 * The driver's copy: a copy engine moves the bytes, issued as bandwidthtest.cu does
 * ({@code cudaMemcpyAsync} where the copy may be asynchronous, {@code cudaMemcpy} otherwise,
 * {@link TimedCopy#issue}). A sample is one copy between {@code clock}'s marks on its stream.
 */
final class CopyEngineInitiator implements QueuedCopy {
    private final boolean async;
    private final SampleClock clock;
    private final CudaStream stream;

    /**
     * @param async  whether copies go by {@code cudaMemcpyAsync}: page-locked memory and device
     *               memory, and both directions of bidir; pageable and heap one-way copies block
     * @param clock  the run's timer for work queued on {@code stream}
     * @param stream where one-way samples are issued (the legacy stream, as bandwidthtest.cu's)
     */
    CopyEngineInitiator(boolean async, SampleClock clock, CudaStream stream) {
        this.async = async;
        this.clock = clock;
        this.stream = stream;
    }

    @Override
    public Sample sampleOf(CopyEnds ends) {
        return () -> clock.time(() -> issue(ends, 1, stream));
    }

    /**
     * A sample of {@code copies} copies queued back to back between the clock's marks, counted per
     * copy, as nvbandwidth's {@code loopCount}: for a copy so short that the marks around each one
     * would add their microseconds to it (a 512 MiB d2d takes 0.26 ms on an H200, and one event pair
     * a copy cost its rate 0.9% against nvbandwidth's {@code device_local_copy}, issue 42).
     */
    Sample sampleOf(CopyEnds ends, int copies) {
        return () -> clock.time(() -> issue(ends, copies, stream)) / copies;
    }

    /**
     * Copies per sample of a device-local copy: nvbandwidth's 16 from the size it calls large
     * ({@link KernelTiming#MANY_COPIES_FROM}, 64 MiB), where a copy is a fraction of a millisecond;
     * one below it, so a small copy's row still holds what an application pays for one.
     */
    static int deviceLocalCopies(long bytes) {
        return bytes >= KernelTiming.MANY_COPIES_FROM ? KernelTiming.NVBANDWIDTH_COPIES : 1;
    }

    @Override
    public void issue(CopyEnds ends, int copies, CudaStream on) {
        for (int c = 0; c < copies; c++) {
            TimedCopy.issue(ends.to(), ends.from(), ends.bytes(), ends.kind(), async, on);
        }
    }
}
