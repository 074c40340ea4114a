package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.GridLaunch;
import dev.xfer.app.bandwidth.KernelTiming;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.bandwidth.TimedCopy;

/**
 * A grid path's peer copy, the copy kernel's ({@code copy_bytes}) or the TMA copy's
 * ({@code tma_copy}): launched on the issuing GPU in the path's grid of one block per SM of it,
 * reading or writing the other GPU's buffer over the peer mapping; a sample is the host rows'
 * ({@link KernelTiming}), counted per copy.
 */
final class PeerKernelCopy implements PeerInitiator {
    private final CopyPath path;
    private final GridLaunch kernel;
    private final KernelTiming timing;
    private final CopyTimer timer;
    private final StreamGate gate;

    /**
     * @param path   the path whose rows these are, launched on grids
     * @param kernel its kernel ({@link CopyPath#launch})
     * @param gate   what holds a sample's streams; null unless the timing may hold one
     */
    PeerKernelCopy(CopyPath path, GridLaunch kernel, KernelTiming timing, CopyTimer timer, StreamGate gate) {
        this.path = path;
        this.kernel = kernel;
        this.timing = timing;
        this.timer = timer;
        this.gate = gate;
    }

    @Override
    public CopyPath path() {
        return path;
    }

    /** The launch goes from the issuer's GPU, made current for it; {@code current}'s is put back after. */
    @Override
    public void issue(PeerCopy copy, int copies, PeerLane current) {
        PeerLane lane = copy.issuer();
        lane.device().makeCurrent();
        kernel.issue(copy.into().address(), copy.from().address(), copy.bytes(), lane.shape(path), copies,
                timing.repeat(), lane.stream());
        current.device().makeCurrent();
    }

    @Override
    public double oneWay(PeerCopy copy, TimedCopy clock) {
        PeerLane lane = copy.issuer();
        return clock.sample(timing, copy.bytes(), gate, n -> issue(copy, n, lane), lane.stream());
    }

    @Override
    public int copiesFor(long bytes) {
        return timing.copiesFor(bytes);
    }

    @Override
    public boolean gatedFor(long bytes) {
        return timing.gatedFor(bytes, timer);
    }

    @Override
    public boolean leadInFor(long bytes) {
        return timing.leadInFor(bytes, timer);
    }
}
