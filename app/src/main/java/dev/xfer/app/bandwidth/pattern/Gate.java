package dev.xfer.app.bandwidth.pattern;

import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;

import java.util.List;

/**
 * What makes a round's copies start together although they are queued one after another, on
 * several GPUs. nvbandwidth holds every stream behind a spin kernel that waits on a host flag;
 * libcudart as bound here has no host callback and xfer ships no spin kernel, so the gate is
 * made of work instead: the measured GPU's gate stream runs a delay (memsets of a scratch buffer)
 * and then records the {@link #open()} event; every copy's stream waits for that event before its
 * start event and its copy. Once all copies are queued, the engine asks whether the event has
 * completed yet ({@code cudaEventQuery}): if it has, the delay ran out before the last copy was
 * queued, the copies may have started apart, and the iteration is thrown away and the delay
 * doubled ({@link #widen()}). So every counted iteration provably started all copies at one
 * moment, the same guarantee the spin kernel gives.
 * <p>
 * The gate stream then waits for every copy's end event, recording {@code timedEnd} after the
 * timed copies and {@code allEnd} after all, so the round's times are spans on one GPU's clock,
 * from the opening: as nvbandwidth's total bandwidth is measured on its first stream.
 */
final class Gate implements AutoCloseable {
    /** The scratch buffer the delay writes over; one memset of it takes tens of microseconds. */
    static final long SCRATCH_BYTES = 64L << 20;
    /** Memsets in the first delay: a few hundred microseconds, more than queuing a dozen copies takes. */
    private static final int FIRST_DELAY = 8;
    /** Beyond this many memsets (about half a second of delay) the gate gives up: queuing is stalled, not slow. */
    private static final int MOST_DELAY = 1 << 14;

    private final CudaDevice device;
    private final CudaStream stream;
    private final DeviceBuffer scratch;
    private final CudaEvent open;
    private final CudaEvent timedEnd;
    private final CudaEvent allEnd;
    private int delay = FIRST_DELAY;

    private Gate(CudaDevice device, CudaStream stream, DeviceBuffer scratch, CudaEvent open, CudaEvent timedEnd,
                 CudaEvent allEnd) {
        this.device = device;
        this.stream = stream;
        this.scratch = scratch;
        this.open = open;
        this.timedEnd = timedEnd;
        this.allEnd = allEnd;
    }

    static Gate on(CudaDevice device) {
        CudaStream stream = CudaStream.create(device, true);
        DeviceBuffer scratch = null;
        CudaEvent open = null;
        CudaEvent timedEnd = null;
        try {
            scratch = DeviceBuffer.allocate(device, SCRATCH_BYTES);
            open = CudaEvent.timing(device);
            timedEnd = CudaEvent.timing(device);
            return new Gate(device, stream, scratch, open, timedEnd, CudaEvent.timing(device));
        } catch (RuntimeException | Error e) {
            for (AutoCloseable made : new AutoCloseable[] {timedEnd, open, scratch, stream}) {
                try {
                    if (made != null) {
                        made.close();
                    }
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** Queues the delay and the opening; copies queued after this wait for {@link #open()}. */
    void shut() {
        device.makeCurrent();
        for (int i = 0; i < delay; i++) {
            scratch.fillAsync(i & 0xff, stream);
        }
        open.record(stream);
    }

    /** The event every copy's stream waits for: the moment they may all start. */
    CudaEvent open() {
        return open;
    }

    /** Whether the gate had not opened yet: every copy queued since {@link #shut()} started at the opening. */
    boolean stillShut() {
        return !open.isComplete();
    }

    /** A longer delay, after an iteration whose copies were not all queued before the gate opened. */
    void widen() {
        if (delay >= MOST_DELAY) {
            throw new IllegalStateException("the pattern's gate on GPU " + device.index() + " opened before its copies"
                    + " were queued, even after " + delay + " memsets of " + SCRATCH_BYTES + " bytes: queuing is stalled");
        }
        delay *= 2;
    }

    /** The gate stream waits for every copy (timed ones first) and the host for it: the iteration is over. */
    void join(RoundResources round) {
        device.makeCurrent();
        List<RoundResources.Copy> timed = round.timed();
        for (RoundResources.Copy c : timed) {
            stream.waitFor(c.end());
        }
        timedEnd.record(stream);
        for (int i = 0; i < round.size(); i++) {
            if (!round.copy(i).planned().timed()) {
                stream.waitFor(round.copy(i).end());
            }
        }
        allEnd.record(stream);
        allEnd.synchronize();
    }

    /**
     * The measured time of the last iteration: the one timed copy's own events (nvbandwidth's
     * figure for host patterns), or, with several, the opening to the last timed end.
     */
    double timedSeconds(RoundResources round) {
        List<RoundResources.Copy> timed = round.timed();
        if (timed.size() == 1) {
            return timed.getFirst().start().millisecondsTo(timed.getFirst().end()) / 1e3;
        }
        return open.millisecondsTo(timedEnd) / 1e3;
    }

    /** The opening to the last end of any copy in the last iteration. */
    double allSeconds() {
        return open.millisecondsTo(allEnd) / 1e3;
    }

    @Override
    public void close() {
        device.makeCurrent();
        try {
            allEnd.close();
            timedEnd.close();
            open.close();
            scratch.close();
        } finally {
            stream.close();
        }
    }
}
