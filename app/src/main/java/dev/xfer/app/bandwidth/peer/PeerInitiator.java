package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.TimedCopy;

/**
 * Who issues a GPU-to-GPU copy, chosen once per row: the copy engine ({@link PeerEngineCopy}) or
 * the copy kernel ({@link PeerKernelCopy}), as {@link dev.xfer.app.bandwidth.CopyInitiator} is for
 * the host rows. A peer copy is issued on the issuing GPU's lane and a launch needs that GPU
 * current, which a host row's initiator never asks for, so the peer rows have their own.
 */
interface PeerInitiator {
    CopyPath path();

    /**
     * Queues {@code copies} whole copies of {@code copy} on its issuer's stream; {@code current} is
     * the caller's current device, current again when this returns.
     */
    void issue(PeerCopy copy, int copies, PeerLane current);

    /** {@code copy} alone, timed by {@code clock} on its issuer's stream (the current device): seconds per copy. */
    double oneWay(PeerCopy copy, TimedCopy clock);

    /** Copies each way in one sample of both ways. */
    int copiesFor(long bytes);

    /** Whether a sample of both ways is held behind {@code hold_stream} until it is all queued. */
    boolean gatedFor(long bytes);

    /** Whether a sample of both ways starts behind one untimed copy each way. */
    boolean leadInFor(long bytes);
}
