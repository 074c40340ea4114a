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

    @Override
    public void issue(CopyEnds ends, int copies, CudaStream on) {
        for (int c = 0; c < copies; c++) {
            TimedCopy.issue(ends.to(), ends.from(), ends.bytes(), ends.kind(), async, on);
        }
    }
}
