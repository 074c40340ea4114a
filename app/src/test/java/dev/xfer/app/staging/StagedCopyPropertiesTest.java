package dev.xfer.app.staging;

import dev.xfer.app.staging.StagedCopy.Chunk;
import dev.xfer.app.staging.StagedCopy.Chunks;
import dev.xfer.app.staging.StagedCopy.Direction;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The staged copy's schedule, lanes on real threads sharing one chunk counter, each lane against
 * a fake copy engine that completes copies late and out of order (any pending copy may complete
 * at any engine call, not only at its await) and moves the slot's bytes only at completion: a
 * slot refilled or drained too early hands over wrong bytes, and the engine also records every
 * rule broken outright. The transfers lie one after another in one host and one device array.
 */
class StagedCopyPropertiesTest {

    /** A copy submitted but not yet completed. */
    private record Pending(Chunk chunk) {
    }

    /** What the lanes share: the bytes, where each transfer starts, and how often each byte was written. */
    private static final class Memory {
        final Direction direction;
        final byte[] host;
        final byte[] device;
        final long[] base;
        final long[] sizes;
        final AtomicIntegerArray writes;
        final List<String> violations = Collections.synchronizedList(new ArrayList<>());

        Memory(Direction direction, List<Integer> transferBytes, long seed) {
            this.direction = direction;
            this.sizes = transferBytes.stream().mapToLong(Integer::longValue).toArray();
            this.base = new long[sizes.length];
            int total = 0;
            for (int t = 0; t < sizes.length; t++) {
                base[t] = total;
                total += (int) sizes[t];
            }
            host = new byte[total];
            device = new byte[total];
            new Random(seed).nextBytes(direction == Direction.H2D ? host : device);
            writes = new AtomicIntegerArray(total);
        }
    }

    private static final class FakeEngine implements StagedCopy.Engine {
        final Memory m;
        final byte[][] slots;
        final Pending[] pending;
        final boolean[] holdsUndrained;
        final Random random;

        FakeEngine(Memory m, int slotCount, int slotBytes, long seed) {
            this.m = m;
            this.random = new Random(seed);
            this.slots = new byte[slotCount][slotBytes];
            this.pending = new Pending[slotCount];
            this.holdsUndrained = new boolean[slotCount];
        }

        /** Completes a random subset of pending copies, whichever slot they belong to. */
        private void completeSomeLate() {
            for (int s = 0; s < pending.length; s++) {
                if (pending[s] != null && random.nextInt(4) == 0) {
                    complete(s);
                }
            }
        }

        private void complete(int slot) {
            Chunk c = pending[slot].chunk();
            pending[slot] = null;
            for (int i = 0; i < c.length(); i++) {
                int at = (int) (m.base[c.transfer()] + c.offset() + i);
                if (m.direction == Direction.H2D) {
                    m.device[at] = slots[slot][i];
                    m.writes.incrementAndGet(at);
                } else {
                    slots[slot][i] = m.device[at];
                }
            }
            if (m.direction == Direction.D2H) {
                holdsUndrained[slot] = true;
            }
        }

        private void checkBounds(int slot, Chunk c) {
            if (slot < 0 || slot >= slots.length || c.transfer() < 0 || c.transfer() >= m.sizes.length
                    || c.offset() < 0 || c.length() < 1 || c.offset() + c.length() > m.sizes[c.transfer()]
                    || c.length() > slots[slot].length) {
                m.violations.add("out of bounds: slot " + slot + " " + c);
            }
        }

        @Override
        public void fill(int slot, Chunk c) {
            completeSomeLate();
            checkBounds(slot, c);
            if (pending[slot] != null) {
                m.violations.add("slot " + slot + " refilled before its copy completed");
            }
            System.arraycopy(m.host, (int) (m.base[c.transfer()] + c.offset()), slots[slot], 0, (int) c.length());
        }

        @Override
        public void submit(int slot, Chunk c) {
            completeSomeLate();
            checkBounds(slot, c);
            if (pending[slot] != null) {
                m.violations.add("slot " + slot + " given a copy while one is in flight");
            }
            if (holdsUndrained[slot]) {
                m.violations.add("slot " + slot + " reused before its data was copied out");
            }
            pending[slot] = new Pending(c);
        }

        @Override
        public void await(int slot) {
            completeSomeLate();
            if (pending[slot] != null) {
                complete(slot);
            }
        }

        @Override
        public void drainOut(int slot, Chunk c) {
            completeSomeLate();
            checkBounds(slot, c);
            if (pending[slot] != null) {
                m.violations.add("slot " + slot + " copied out before its copy completed");
            }
            holdsUndrained[slot] = false;
            for (int i = 0; i < c.length(); i++) {
                int at = (int) (m.base[c.transfer()] + c.offset() + i);
                m.host[at] = slots[slot][i];
                m.writes.incrementAndGet(at);
            }
        }
    }

    @Property(tries = 600)
    void everyByteCopiedOnceInBoundsAndNoSlotReusedEarly(
            @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 3000) Integer> transferBytes,
            @ForAll @IntRange(min = 1, max = 6) int lanes,
            @ForAll @IntRange(min = 1, max = 8) int slots,
            @ForAll @IntRange(min = 1, max = 2000) int slotBytes,
            @ForAll @IntRange(min = 0, max = 8) int rampChunks,
            @ForAll boolean toDevice,
            @ForAll long seed) throws InterruptedException {
        Direction direction = toDevice ? Direction.H2D : Direction.D2H;
        Memory m = new Memory(direction, transferBytes, seed);
        byte[] source = (direction == Direction.H2D ? m.host : m.device).clone();
        Chunks chunks = new Chunks(m.sizes, slotBytes, rampChunks);
        AtomicLong claim = new AtomicLong();
        List<FakeEngine> engines = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> thrown = Collections.synchronizedList(new ArrayList<>());
        for (int l = 0; l < lanes; l++) {
            FakeEngine engine = new FakeEngine(m, slots, slotBytes, seed + l);
            engines.add(engine);
            Thread t = Thread.ofPlatform().unstarted(
                    () -> StagedCopy.lane(direction, chunks, claim::getAndIncrement, slots, engine));
            t.setUncaughtExceptionHandler((th, e) -> thrown.add(e));
            threads.add(t);
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }

        assertEquals(List.of(), thrown);
        assertEquals(List.of(), m.violations);
        for (FakeEngine e : engines) {
            for (int s = 0; s < slots; s++) {
                assertTrue(e.pending[s] == null, "copy into slot " + s + " still in flight after run");
            }
        }
        for (int i = 0; i < m.writes.length(); i++) {
            assertEquals(1, m.writes.get(i), "byte " + i + " written " + m.writes.get(i) + " times");
        }
        assertArrayEquals(source, direction == Direction.H2D ? m.device : m.host);
    }

    /** Chunks are numbered one transfer after the other, the last of each transfer short where it does not divide. */
    @Example
    void chunksNumberTransfersInTurn() {
        Chunks chunks = new Chunks(new long[]{10, 4, 1}, 4);
        assertEquals(5, chunks.count());
        assertEquals(new Chunk(0, 0, 4), chunks.chunk(0));
        assertEquals(new Chunk(0, 8, 2), chunks.chunk(2));
        assertEquals(new Chunk(1, 0, 4), chunks.chunk(3));
        assertEquals(new Chunk(2, 0, 1), chunks.chunk(4));
        assertThrows(IndexOutOfBoundsException.class, () -> chunks.chunk(5));
        long big = 5L << 30;
        Chunks large = new Chunks(new long[]{big}, 8L << 20);
        assertEquals(640, large.count());
        assertEquals(new Chunk(0, big - (8L << 20), 8L << 20), large.chunk(639));
    }

    /**
     * The ramp: the first transfer starts with a step of eighth-slot chunks, one of quarters and one
     * of halves (a chunk per lane each), then whole slots; the last transfer ends with halves,
     * quarters and eighths, each step only as far as it fits whole.
     */
    @Example
    void theRampGrowsAtTheStartAndShrinksAtTheEnd() {
        Chunks chunks = new Chunks(new long[]{100, 9}, 16, 2);
        List<Chunk> all = new ArrayList<>();
        for (long c = 0; c < chunks.count(); c++) {
            all.add(chunks.chunk(c));
        }
        assertEquals(List.of(
                new Chunk(0, 0, 2), new Chunk(0, 2, 2), new Chunk(0, 4, 4), new Chunk(0, 8, 4),
                new Chunk(0, 12, 8), new Chunk(0, 20, 8),
                new Chunk(0, 28, 16), new Chunk(0, 44, 16), new Chunk(0, 60, 16), new Chunk(0, 76, 16),
                new Chunk(0, 92, 8),
                new Chunk(1, 0, 1), new Chunk(1, 1, 4), new Chunk(1, 5, 2), new Chunk(1, 7, 2)), all);

        Chunks one = new Chunks(new long[]{200}, 16, 2);
        assertEquals(new Chunk(0, 0, 2), one.chunk(0));
        assertEquals(new Chunk(0, 198, 2), one.chunk(one.count() - 1), "the last chunk is an eighth slot");
        Chunks tiny = new Chunks(new long[]{5}, 16, 8);
        assertEquals(3, tiny.count(), "eighth-slot chunks of 2 bytes, the last cut at the end");
        assertEquals(new Chunk(0, 4, 1), tiny.chunk(2));
    }

    @Example
    void rejectsEmptyRingsAndEmptyCopies() {
        assertThrows(IllegalArgumentException.class, () -> new Chunks(new long[]{1}, 0));
        assertThrows(IllegalArgumentException.class, () -> new Chunks(new long[]{0}, 1));
        assertThrows(IllegalArgumentException.class, () -> new Chunks(new long[0], 1));
        Memory m = new Memory(Direction.H2D, List.of(1), 0);
        assertThrows(IllegalArgumentException.class, () -> StagedCopy.lane(Direction.H2D, new Chunks(new long[]{1}, 1),
                new AtomicLong()::getAndIncrement, 0, new FakeEngine(m, 1, 1, 0)));
    }
}
