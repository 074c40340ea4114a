package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.LaunchShape;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Everything one round of a pattern needs, made when the round starts and freed (in reverse, each
 * with its GPU current) when it ends: per planned copy a source and a destination where its
 * endpoints say, a non-blocking stream and a start and an end event on the GPU that issues it;
 * and the round's {@link RoundClock} on the measured GPU, held by the run's {@link StreamGate}.
 */
final class RoundResources implements AutoCloseable {
    /** One end of a copy: pinned host memory or device memory, exactly one of them. */
    record End(HostBuffer host, DeviceBuffer device) {
        /** The address the copy (or the copy kernel, under UVA) reads or writes. */
        MemorySegment address() {
            return host != null ? host.segment() : device.address();
        }
    }

    /**
     * A planned copy with its buffers, stream and events, and the copy kernel's launch shape on
     * its initiator: resolved with the round's resources, so a launch in the timed window makes
     * no device query.
     */
    record Copy(PlannedCopy planned, CudaDevice initiator, End source, End destination, CudaStream stream,
                CudaEvent start, CudaEvent end, LaunchShape shape) {
    }

    private final Deque<Runnable> frees = new ArrayDeque<>();
    private final List<Copy> copies = new ArrayList<>();
    private final RoundClock clock;

    RoundResources(Map<Integer, CudaDevice> devices, PatternRound round, StreamGate gate) {
        try {
            for (PlannedCopy planned : round.copies()) {
                CudaDevice initiator = devices.get(planned.initiator());
                End source = end(devices, planned.from(), planned.bytes());
                End destination = end(devices, planned.to(), planned.bytes());
                CudaStream stream = CudaStream.create(initiator, true);
                frees.push(() -> {
                    initiator.makeCurrent();
                    stream.close();
                });
                CudaEvent start = event(initiator);
                CudaEvent end = event(initiator);
                LaunchShape shape = LaunchShape.ofBlocks(initiator.attribute(DeviceAttribute.MULTIPROCESSOR_COUNT));
                copies.add(new Copy(planned, initiator, source, destination, stream, start, end, shape));
            }
            CudaDevice measured = devices.get(round.measured());
            clock = RoundClock.on(measured, gate);
            frees.push(clock::close);
        } catch (RuntimeException | Error e) {
            try {
                close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private End end(Map<Integer, CudaDevice> devices, Endpoint at, long bytes) {
        CudaDevice device = devices.get(at.gpu());
        if (at.host()) {
            // Allocated with its GPU current, as nvbandwidth allocates each GPU's host buffer.
            device.makeCurrent();
            HostBuffer host = HostMemoryKind.PINNED.allocate(bytes);
            frees.push(host::close);
            return new End(host, null);
        }
        DeviceBuffer buffer = DeviceBuffer.allocate(device, bytes);
        frees.push(() -> {
            device.makeCurrent();
            buffer.close();
        });
        return new End(null, buffer);
    }

    private CudaEvent event(CudaDevice device) {
        CudaEvent event = CudaEvent.timing(device);
        frees.push(event::close);
        return event;
    }

    int size() {
        return copies.size();
    }

    Copy copy(int i) {
        return copies.get(i);
    }

    List<Copy> timed() {
        return copies.stream().filter(c -> c.planned().timed()).toList();
    }

    long timedBytes() {
        return timed().stream().mapToLong(c -> c.planned().bytes()).sum();
    }

    long allBytes() {
        return copies.stream().mapToLong(c -> c.planned().bytes()).sum();
    }

    RoundClock clock() {
        return clock;
    }

    /** Frees everything made, newest first; the first failure is thrown once all were tried. */
    @Override
    public void close() {
        RuntimeException first = null;
        while (!frees.isEmpty()) {
            try {
                frees.pop().run();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
