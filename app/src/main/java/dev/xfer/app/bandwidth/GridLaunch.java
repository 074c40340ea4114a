package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CudaStream;

import java.lang.foreign.MemorySegment;

/**
 * Queues {@code copies} whole passes of one kernel over a buffer on a stream, in a given grid: the
 * copy kernel ({@link KernelCopy}), the TMA copy ({@link TmaCopy}), the read-only and write-only
 * kernels ({@link DeviceReadWrite}, which use one end only). One copy is always one launch; several
 * are one launch that loops, or back-to-back launches, as {@code repeat} says. Public for the copies
 * between GPUs ({@link CopyPath#launch}), which launch a path's kernel on the issuing GPU.
 */
@FunctionalInterface
public interface GridLaunch {
    void issue(MemorySegment dst, MemorySegment src, long bytes, LaunchShape shape, int copies,
               KernelTiming.Repeat repeat, CudaStream stream);

    /** A sample holds one copy at least. */
    static void requireCopies(int copies) {
        if (copies < 1) {
            throw new IllegalArgumentException("a sample needs one copy at least, not " + copies);
        }
    }
}
