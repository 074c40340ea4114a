package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.cuda.CudaStream;

import java.util.List;

/**
 * What a path launched on grids needs to make its initiators, one per grid
 * ({@link PathDefinition#gridInitiators}): the run's loaded kernels, its grids, and the timing,
 * timer, gate and stream every kernel sample shares.
 *
 * @param grids the resolved {@code --blocks}
 * @param gate  what holds a sample's stream; null unless the timing may hold one
 */
record GridLaunching(XferKernels kernels, List<Integer> grids, KernelTiming timing, TimedCopy timed, StreamGate gate,
                     CudaStream stream) {
}
