package dev.xfer.app.bandwidth;

/**
 * How a copy is issued: who moves the bytes of a {@link CopyEnds} (a copy engine, xfer's staging
 * lanes, the SMs) and what one timed sample of it is, behind the one timing loop of a run
 * ({@link SampleRuns}). nvbandwidth's {@code MemcpyInitiator} is the model: the measurement is the
 * same whoever initiates the copy, so rows, verification and timing loop are shared and only this
 * differs.
 */
public interface CopyInitiator {
    /**
     * {@code ends}'s copy made ready to be sampled. What a sample needs made beforehand (a staged
     * job) is made here, outside every timed window; each call of the returned sample issues one
     * sample, returns once it is done and gives its seconds per copy.
     */
    Sample sampleOf(CopyEnds ends);

    /** One sample of a prepared copy, as the timing loop runs it. */
    @FunctionalInterface
    interface Sample {
        /** Issues the sample, waits for it, and returns its seconds per copy. */
        double seconds();
    }
}
