package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.TimedCopy;
import dev.xfer.cuda.Memcpy;

/**
 * The driver's peer copy, {@code cudaMemcpyPeerAsync} on the issuer's stream: one copy per
 * sample, never held nor led in, as CUDA's p2pBandwidthLatencyTest times it.
 */
final class PeerEngineCopy implements PeerInitiator {
    @Override
    public CopyPath path() {
        return CopyPath.DRIVER;
    }

    @Override
    public void issue(PeerCopy copy, int copies, PeerLane current) {
        for (int c = 0; c < copies; c++) {
            Memcpy.copyPeerAsync(copy.into(), copy.from(), copy.bytes(), copy.issuer().stream());
        }
    }

    @Override
    public double oneWay(PeerCopy copy, TimedCopy clock) {
        PeerLane lane = copy.issuer();
        return clock.time(() -> issue(copy, 1, lane), lane.stream());
    }

    @Override
    public int copiesFor(long bytes) {
        return 1;
    }

    @Override
    public boolean gatedFor(long bytes) {
        return false;
    }

    @Override
    public boolean leadInFor(long bytes) {
        return false;
    }
}
