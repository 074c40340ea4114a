package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.StreamGate;
import dev.xfer.cuda.CudaStream;

/**
 * A copy by one of xfer's grid kernels in one {@link LaunchShape}: the copy kernel's (the SMs move
 * the bytes, {@code copy_bytes}), or any other {@link GridLaunch} of a path ({@code tma_copy}) or of
 * a device-local direction ({@code read_bytes}, {@code write_bytes}). A sample is as the plan's {@link KernelTiming} says ({@link TimedCopy#sample}:
 * one copy or several, perhaps held behind {@code hold_stream} and led in by an untimed copy),
 * counted per copy. Both ways at once it is one launch ({@link #issueBothWays}), or two of these
 * on two streams.
 */
final class KernelInitiator implements QueuedCopy {
    private final KernelCopy kernel;
    private final GridLaunch launch;
    private final CopyPath path;
    private final LaunchShape shape;
    private final KernelTiming timing;
    private final TimedCopy timed;
    private final StreamGate gate;
    private final CudaStream stream;

    /**
     * @param timed  the run's timer, for samples of several copies
     * @param gate   what holds a sample's stream; null unless the timing may hold one
     * @param stream where one-way samples are issued (the legacy stream, as the driver's)
     */
    KernelInitiator(KernelCopy kernel, LaunchShape shape, KernelTiming timing, TimedCopy timed, StreamGate gate,
                    CudaStream stream) {
        this(kernel, kernel::issue, CopyPath.KERNEL, shape, timing, timed, gate, stream);
    }

    private KernelInitiator(KernelCopy kernel, GridLaunch launch, CopyPath path, LaunchShape shape,
                            KernelTiming timing, TimedCopy timed, StreamGate gate, CudaStream stream) {
        this.kernel = kernel;
        this.launch = launch;
        this.path = path;
        this.shape = shape;
        this.timing = timing;
        this.timed = timed;
        this.gate = gate;
        this.stream = stream;
    }

    /**
     * {@code launch}'s copies on {@code path}'s rows, timed as the copy kernel's are; one way only
     * ({@link #issueBothWays} needs the copy kernel).
     */
    static KernelInitiator of(CopyPath path, GridLaunch launch, LaunchShape shape, KernelTiming timing,
                              TimedCopy timed, StreamGate gate, CudaStream stream) {
        return new KernelInitiator(null, launch, path, shape, timing, timed, gate, stream);
    }

    /** The path its rows are on: {@link CopyPath#KERNEL} or {@link CopyPath#TMA}. */
    CopyPath path() {
        return path;
    }

    /** The grid its copies launch with. */
    LaunchShape shape() {
        return shape;
    }

    /** The same kernel launched in {@code other}, for a bidir grid that is not one of {@code --blocks}. */
    KernelInitiator shaped(LaunchShape other) {
        return new KernelInitiator(kernel, launch, path, other, timing, timed, gate, stream);
    }

    @Override
    public Sample sampleOf(CopyEnds ends) {
        return () -> timed.sample(timing, ends.bytes(), gate, n -> issue(ends, n, stream), stream);
    }

    @Override
    public void issue(CopyEnds ends, int copies, CudaStream on) {
        launch.issue(ends.to(), ends.from(), ends.bytes(), shape, copies, timing.repeat(), on);
    }

    /**
     * Queues {@code copies} copies each way as one launch on {@code on}: {@code copy_bidir_one_vector}
     * on its grid by size, or {@code copy_bidir} in this shape, as the timing's bidir says
     * (never {@link KernelTiming.Bidir#TWO_STREAMS}, which is two {@link #issue}s).
     */
    void issueBothWays(CopyEnds up, CopyEnds down, int copies, CudaStream on) {
        if (kernel == null) {
            throw new IllegalStateException(path + " copies one way only");
        }
        if (timing.bidir() == KernelTiming.Bidir.ONE_VECTOR) {
            kernel.issueBidirectionalOneVector(up.to(), up.from(), down.to(), down.from(), up.bytes(), copies,
                    timing.repeat(), on);
        } else {
            kernel.issueBidirectional(up.to(), up.from(), down.to(), down.from(), up.bytes(), shape, copies,
                    timing.repeat(), on);
        }
    }
}
