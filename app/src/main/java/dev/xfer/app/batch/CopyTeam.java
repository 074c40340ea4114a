package dev.xfer.app.batch;

import dev.xfer.app.staging.HostCopy;
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
 * A host memcpy split over a team of threads, as PyTorch's {@code copy_} splits a large
 * contiguous tensor over its OpenMP threads (so {@code pin_memory()} copies with every core; one
 * thread reaches a fraction of what the memory system gives).
 * <p>
 * The team's threads wait for the next copy by spinning, as OpenMP's do between parallel regions
 * (for {@code KMP_BLOCKTIME}), not parked in a pool's queue: handing a 4 MB copy's chunks to
 * parked threads costs a wake-up each, and in a virtual machine a wake-up takes longer than the
 * chunk's copy. On the H200 machine a pool made 16-way pin-then-copy slower than one thread.
 * After {@link #SPIN_NANOS} without work a thread parks, so an idle team costs no CPU.
 */
final class CopyTeam implements AutoCloseable {
    /** Below this, splitting costs more in hand-offs than it saves. */
    static final long MIN_PARALLEL_BYTES = 256 * 1024;
    static final long SPIN_NANOS = 50_000_000;
    private static final long ALIGN = 4096;

    private final int size;
    private final HostCopy method;
    private final List<Member> members = new ArrayList<>();
    private final AtomicLong generation = new AtomicLong();
    private volatile Job job;
    private volatile boolean closed;
    /** Counted down as each thread begins its loop: by then its factory has placed it, or failed to. */
    private final CountDownLatch started;

    /**
     * @param size    threads that share each copy, the caller's included (so {@code size - 1} are started)
     * @param method  what moves each chunk
     * @param threads makes the team's threads, placed where the copies must run; every thread has
     *                begun (and so been placed, or failed to be) when this returns
     */
    CopyTeam(int size, HostCopy method, ThreadFactory threads) {
        if (size < 1) {
            throw new IllegalArgumentException("a copy team needs one thread at least, not " + size);
        }
        this.size = size;
        this.method = method;
        this.started = new CountDownLatch(size - 1);
        for (int i = 1; i < size; i++) {
            Member member = new Member();
            member.thread = threads.newThread(member);
            member.thread.setDaemon(true);
            members.add(member);
        }
        members.forEach(m -> m.thread.start());
        try {
            started.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while starting copy threads", e);
        }
    }

    /** Copies {@code bytes} from {@code src} to {@code dst}, the calling thread taking its share. */
    void copy(MemorySegment src, MemorySegment dst, long bytes) {
        if (size == 1 || bytes < MIN_PARALLEL_BYTES) {
            method.copy(src, 0, dst, 0, bytes);
            return;
        }
        Job posted = new Job(method, src, dst, bytes, size);
        job = posted;
        generation.incrementAndGet();
        for (Member m : members) {
            if (m.parked) {
                LockSupport.unpark(m.thread);
            }
        }
        posted.work();
        while (posted.done.get() < posted.parts) {
            Thread.onSpinWait();
        }
        RuntimeException failure = posted.failure.get();
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void close() {
        closed = true;
        generation.incrementAndGet();
        for (Member m : members) {
            LockSupport.unpark(m.thread);
        }
        for (Member m : members) {
            try {
                m.thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** One copy cut into page-aligned chunks, taken by whichever thread comes first. */
    private static final class Job {
        final HostCopy method;
        final MemorySegment src;
        final MemorySegment dst;
        final long bytes;
        final long chunk;
        final int parts;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        final AtomicReference<RuntimeException> failure = new AtomicReference<>();

        Job(HostCopy method, MemorySegment src, MemorySegment dst, long bytes, int threads) {
            this.method = method;
            this.src = src;
            this.dst = dst;
            this.bytes = bytes;
            this.chunk = ((bytes + threads - 1) / threads + ALIGN - 1) / ALIGN * ALIGN;
            this.parts = (int) ((bytes + chunk - 1) / chunk);
        }

        void work() {
            for (int c = next.getAndIncrement(); c < parts; c = next.getAndIncrement()) {
                long from = c * chunk;
                try {
                    method.copy(src, from, dst, from, Math.min(chunk, bytes - from));
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                } finally {
                    done.incrementAndGet();
                }
            }
        }
    }

    /** A team thread: spins for the next copy, parks after a quiet spell. */
    private final class Member implements Runnable {
        Thread thread;
        volatile boolean parked;

        @Override
        public void run() {
            started.countDown();
            long seen = generation.get();
            long quietSince = System.nanoTime();
            while (!closed) {
                long now = generation.get();
                if (now != seen) {
                    seen = now;
                    Job current = job;
                    if (current != null) {
                        current.work();
                    }
                    quietSince = System.nanoTime();
                } else if (System.nanoTime() - quietSince < SPIN_NANOS) {
                    Thread.onSpinWait();
                } else {
                    // Dekker-style: announce the park, then look once more, so a copy posted in
                    // between either is seen here or finds this thread parked and unparks it.
                    parked = true;
                    if (generation.get() == seen && !closed) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    quietSince = System.nanoTime();
                }
            }
        }
    }
}
