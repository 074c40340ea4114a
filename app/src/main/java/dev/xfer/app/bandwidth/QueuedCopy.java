package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CudaStream;

/**
 * A {@link CopyInitiator} that only queues its copies on a stream (a copy engine, a kernel
 * launch), so two of them make a bidir sample: one direction on each of two streams at once.
 */
public interface QueuedCopy extends CopyInitiator {
    /** Queues {@code copies} whole copies of {@code ends} on {@code stream} and returns at once. */
    void issue(CopyEnds ends, int copies, CudaStream stream);
}
