package dev.xfer.app.staging;

import dev.xfer.app.staging.StagedCopy.Chunk;
import dev.xfer.app.staging.StagedCopy.Chunks;
import dev.xfer.app.staging.StagedCopy.Direction;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The CUDA half of a staged copy: T platform threads, each a lane of {@link StagedCopy} with its
 * own stream and its own ring of pinned slots, one ordering event per slot saying when the slot's
 * last copy finished. Lanes share nothing but the chunk counter, so they need no locks.
 * <p>
 * Made once per run and reused for every copy: slots, streams and events are allocated here, not
 * per copy. Between copies the threads wait by spinning, as {@code batch}'s copy team does (a
 * parked thread's wake-up in a virtual machine costs more than a slot's copy), and park after
 * {@link #SPIN_NANOS} without work so an idle team costs no CPU. The calling thread runs the last
 * lane itself, as an OpenMP master thread does: a caller that spun while T lanes spun would make
 * T + 1 busy threads, and with as many CPUs as lanes one of them lost whole time slices (16 lanes
 * on 16 CPUs moved 64 MiB in 4 ms, a third of the rate of 8).
 * <p>
 * Besides the staged copy itself a team can run either half of it alone ({@link Part}): the host
 * copies without the copy engine, and the copy engine without the host copies. Those are the two
 * ceilings of the model: a staged copy cannot beat the slower of them.
 */
public final class StagingTeam implements AutoCloseable {
    static final long SPIN_NANOS = 50_000_000;

    /** Which part of a staged copy runs. */
    public enum Part {
        /** Host copies and DMA overlapped: the staged copy. */
        STAGED,
        /** Only the host copies between the user's memory and the slots (h2h): the host's ceiling. */
        HOST_ONLY,
        /** Only the DMA between the slots and the device: the pinned link's ceiling for these slots. */
        COPY_ENGINE_ONLY
    }

    /**
     * Sees each slot while it holds a chunk that no copy is using: H2D after the fill and before
     * the DMA, D2H after the DMA and before the copy out. For tests, which plant corruption there
     * to show that verification catches a slot gone wrong.
     */
    @FunctionalInterface
    public interface SlotHook {
        SlotHook NONE = (direction, slot, length) -> { };

        void staged(Direction direction, MemorySegment slot, long length);
    }

    private final CudaDevice device;
    private final StagingConfig config;
    private final SlotHook hook;
    private final List<Lane> lanes = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong generation = new AtomicLong();
    private final AtomicInteger finished = new AtomicInteger();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final CountDownLatch started;
    private final AtomicReference<RuntimeException> startFailure = new AtomicReference<>();
    private volatile Job job;
    private volatile boolean closed;

    /**
     * Allocates every lane's stream, slots and events on the calling thread (so a placed caller's
     * pinned slots land on its node), then starts one thread per lane but the last from
     * {@code threads} (the caller of {@link #run} runs the last); each has begun (and so been placed,
     * or failed to be) when this returns.
     */
    public StagingTeam(CudaDevice device, StagingConfig config, ThreadFactory threads, SlotHook hook) {
        this.device = device;
        this.config = config;
        this.hook = hook;
        this.started = new CountDownLatch(config.threads() - 1);
        device.makeCurrent();
        try {
            for (int i = 0; i < config.threads(); i++) {
                lanes.add(new Lane(device, config.slotsPerThread(), config.slotBytes()));
            }
            for (Lane lane : lanes.subList(0, lanes.size() - 1)) {
                Thread t = threads.newThread(() -> work(device, lane));
                t.setDaemon(true);
                this.threads.add(t);
            }
        } catch (RuntimeException e) {
            lanes.forEach(Lane::close);
            throw e;
        }
        this.threads.forEach(Thread::start);
        try {
            started.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while starting staging threads", e);
        }
        if (startFailure.get() != null) {
            close();
            throw startFailure.get();
        }
    }

    public StagingConfig config() {
        return config;
    }

    /** Every lane's pinned slots. */
    public List<HostBuffer> slots() {
        return lanes.stream().flatMap(l -> l.slots.stream()).toList();
    }

    /**
     * A copy to run any number of times: transfer {@code i} moves all of {@code host.get(i)}
     * to or from the start of {@code device.get(i)}. Host segments may be native or a Java array's.
     */
    public Job job(Direction direction, Part part, List<MemorySegment> host, List<DeviceBuffer> device) {
        if (host.size() != device.size() || host.isEmpty()) {
            throw new IllegalArgumentException("a staged copy needs one device buffer per host buffer, one at least");
        }
        long[] bytes = new long[host.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = host.get(i).byteSize();
            if (bytes[i] > device.get(i).bytes()) {
                throw new IllegalArgumentException("host buffer " + i + " of " + bytes[i]
                        + " bytes does not fit its device buffer of " + device.get(i).bytes());
            }
        }
        // The ramp steps one chunk per lane, so every lane's first copy starts early and its last ends soon.
        Chunks chunks = new Chunks(bytes, config.slotBytes(), config.threads());
        return new Job(direction, part, chunks, List.copyOf(host), List.copyOf(device));
    }

    /** Runs {@code job} on every lane, the last on this thread, and returns when all its copies completed. */
    public void run(Job j) {
        if (closed) {
            throw new IllegalStateException("staging team already closed");
        }
        j.claim.set(0);
        finished.set(0);
        failure.set(null);
        job = j;
        generation.incrementAndGet();
        for (Lane lane : lanes) {
            if (lane.parked) {
                LockSupport.unpark(lane.thread);
            }
        }
        device.makeCurrent();
        runLane(j, lanes.size() - 1);
        while (finished.get() < lanes.size()) {
            Thread.onSpinWait();
        }
        RuntimeException failed = failure.get();
        if (failed != null) {
            // A lane that failed may have left copies in flight; its slots are reused only once they are done.
            for (Lane lane : lanes) {
                try {
                    lane.stream.synchronize();
                } catch (RuntimeException e) {
                    failed.addSuppressed(e);
                }
            }
            throw failed;
        }
    }

    /** A lane's thread: spins for the next job, parks after a quiet spell. */
    private void work(CudaDevice device, Lane lane) {
        lane.thread = Thread.currentThread();
        try {
            device.makeCurrent();
        } catch (RuntimeException e) {
            startFailure.compareAndSet(null, e);
        }
        started.countDown();
        long seen = generation.get();
        long quietSince = System.nanoTime();
        int index = lanes.indexOf(lane);
        while (!closed) {
            long now = generation.get();
            if (now != seen) {
                seen = now;
                Job j = job;
                if (j != null && !closed) {
                    runLane(j, index);
                }
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince < SPIN_NANOS) {
                Thread.onSpinWait();
            } else {
                // Announce the park, then look once more: a job posted in between is either seen here or finds this
                // thread parked and unparks it.
                lane.parked = true;
                if (generation.get() == seen && !closed) {
                    LockSupport.park(this);
                }
                lane.parked = false;
                quietSince = System.nanoTime();
            }
        }
    }

    private void runLane(Job j, int index) {
        try {
            StagedCopy.lane(j.direction, j.chunks, j.claim::getAndIncrement, config.slotsPerThread(), j.engines[index]);
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
            j.claim.set(Long.MAX_VALUE / 2); // the other lanes stop taking chunks
        } finally {
            finished.incrementAndGet();
        }
    }

    @Override
    public void close() {
        closed = true;
        generation.incrementAndGet();
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        RuntimeException first = null;
        for (Lane lane : lanes) {
            try {
                lane.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (first != null) {
            throw first;
        }
    }

    /** One prepared copy: its chunks, its buffers and one engine per lane; run again and again. */
    public final class Job {
        private final Direction direction;
        private final Chunks chunks;
        private final AtomicLong claim = new AtomicLong();
        private final StagedCopy.Engine[] engines;

        private Job(Direction direction, Part part, Chunks chunks, List<MemorySegment> host, List<DeviceBuffer> device) {
            this.direction = direction;
            this.chunks = chunks;
            this.engines = new StagedCopy.Engine[lanes.size()];
            for (int i = 0; i < engines.length; i++) {
                engines[i] = new LaneEngine(lanes.get(i), direction, part, host, device);
            }
        }
    }

    /** What a lane's chunks mean in memory: host copies by {@link HostCopy}, DMA on the lane's stream. */
    private final class LaneEngine implements StagedCopy.Engine {
        private final Lane lane;
        private final Direction direction;
        private final boolean host;
        private final boolean dma;
        private final List<MemorySegment> hostBuffers;
        private final List<DeviceBuffer> deviceBuffers;

        LaneEngine(Lane lane, Direction direction, Part part, List<MemorySegment> hostBuffers,
                   List<DeviceBuffer> deviceBuffers) {
            this.lane = lane;
            this.direction = direction;
            this.host = part != Part.COPY_ENGINE_ONLY;
            this.dma = part != Part.HOST_ONLY;
            this.hostBuffers = hostBuffers;
            this.deviceBuffers = deviceBuffers;
        }

        @Override
        public void fill(int slot, Chunk c) {
            if (host) {
                MemorySegment s = lane.segments[slot];
                config.hostCopy().copy(hostBuffers.get(c.transfer()), c.offset(), s, 0, c.length());
                hook.staged(direction, s, c.length());
            }
        }

        @Override
        public void submit(int slot, Chunk c) {
            if (!dma) {
                return;
            }
            MemorySegment s = lane.segments[slot];
            MemorySegment d = deviceBuffers.get(c.transfer()).address(c.offset());
            if (direction == Direction.H2D) {
                Memcpy.copyAsync(d, s, c.length(), CopyKind.HOST_TO_DEVICE, lane.stream);
            } else {
                Memcpy.copyAsync(s, d, c.length(), CopyKind.DEVICE_TO_HOST, lane.stream);
            }
            lane.done[slot].record(lane.stream);
        }

        @Override
        public void await(int slot) {
            if (dma) {
                lane.done[slot].synchronize();
            }
        }

        @Override
        public void drainOut(int slot, Chunk c) {
            if (host) {
                MemorySegment s = lane.segments[slot];
                hook.staged(direction, s, c.length());
                config.hostCopy().copy(s, 0, hostBuffers.get(c.transfer()), c.offset(), c.length());
            }
        }
    }

    /** One thread's stream, slots and slot events. */
    private static final class Lane implements AutoCloseable {
        private final CudaStream stream;
        private final List<HostBuffer> slots = new ArrayList<>();
        private final MemorySegment[] segments;
        private final CudaEvent[] done;
        private volatile Thread thread;
        private volatile boolean parked;

        Lane(CudaDevice device, int slotCount, long slotBytes) {
            segments = new MemorySegment[slotCount];
            done = new CudaEvent[slotCount];
            stream = CudaStream.create(device, true);
            try {
                for (int i = 0; i < slotCount; i++) {
                    HostBuffer slot = HostMemoryKind.PINNED.allocate(slotBytes);
                    slots.add(slot);
                    segments[i] = slot.segment();
                    // Touched here, so a placed caller's slots are on its node before any copy runs.
                    segments[i].fill((byte) 0);
                    done[i] = CudaEvent.ordering(device);
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        @Override
        public void close() {
            RuntimeException first = null;
            try {
                stream.synchronize();
            } catch (RuntimeException e) {
                first = e;
            }
            for (CudaEvent e : done) {
                if (e != null) {
                    e.close();
                }
            }
            slots.forEach(HostBuffer::close);
            stream.close();
            if (first != null) {
                throw first;
            }
        }
    }
}
