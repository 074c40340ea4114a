package dev.xfer.app.batch;

import dev.xfer.app.batch.StagingRing.Transfer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The staging ring's hand-off logic against a simulated copy engine: any sequence of buffer sizes
 * and ring sizes delivers every byte exactly once, in order, and no slot is filled again before
 * its copy completed.
 * <p>
 * The engine completes copies in submission order (FIFO, as one copy engine on one stream does) at
 * points chosen by a generated seed, and takes the slot's bytes at completion time: a slot the ring
 * refilled too early hands the destination the wrong bytes.
 */
class StagingRingPropertiesTest {

    /** One generated run: the transfers in push order, the ring's shape, and the engine's schedule. */
    record Scenario(List<Integer> sizes, int slots, int slotBytes, long engineSeed, int maxBurst,
                    List<Boolean> drainAfter) {
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<List<Integer>> sizes = Arbitraries.integers().between(1, 5000).list().ofMinSize(1).ofMaxSize(20);
        Arbitrary<Integer> slots = Arbitraries.integers().between(1, 8);
        Arbitrary<Integer> slotBytes = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 16),
                Arbitraries.integers().between(1, 3000));
        Arbitrary<Long> seed = Arbitraries.longs();
        // how many of the oldest pending copies the engine may complete at one point: 0 means only awaits complete copies
        Arbitrary<Integer> maxBurst = Arbitraries.integers().between(0, 4);
        // an occasional drain between pushes; the run always ends with one
        Arbitrary<List<Boolean>> drainAfter = Arbitraries.integers().between(0, 9).map(i -> i == 0)
                .list().ofSize(20);
        return Combinators.combine(sizes, slots, slotBytes, seed, maxBurst, drainAfter).as(Scenario::new);
    }

    @Property(tries = 1000)
    void everyByteArrivesOnceInOrderAndNoSlotIsReusedEarly(@ForAll("scenarios") Scenario s) {
        List<Transfer> transfers = new ArrayList<>();
        for (int i = 0; i < s.sizes().size(); i++) {
            transfers.add(new Transfer(i, s.sizes().get(i)));
        }
        SimulatedStage stage = new SimulatedStage(transfers, s.slots(), s.slotBytes(), s.engineSeed(), s.maxBurst());
        StagingRing ring = new StagingRing(s.slots(), s.slotBytes(), stage);

        for (int i = 0; i < transfers.size(); i++) {
            ring.push(transfers.get(i));
            stage.tick();
            if (s.drainAfter().get(i)) {
                ring.drain();
                assertEquals(List.of(), List.copyOf(stage.pending), "a drain in the middle leaves no copy pending");
                stage.tick();
            }
        }
        ring.drain();

        // (3) and (5): recorded by the stage as they happened (and thrown there already)
        assertEquals(List.of(), stage.violations);
        // (4) nothing in flight after drain()
        assertEquals(List.of(), List.copyOf(stage.pending), "copies still pending after drain()");
        // (1) every destination equals its source, every byte written exactly once
        for (Transfer t : transfers) {
            int[] once = new int[(int) t.bytes()];
            Arrays.fill(once, 1);
            assertArrayEquals(once, stage.writes[t.index()], "writes per byte of transfer " + t);
            assertArrayEquals(stage.src[t.index()], stage.dst[t.index()], "destination of transfer " + t);
        }
        // (2) chunks in push order, ascending offsets, contiguous, non-overlapping, each at most one slot
        int ti = 0;
        long expected = 0;
        for (SimulatedStage.Copy c : stage.submitted) {
            assertTrue(ti < transfers.size(), "a chunk after the last transfer was complete: " + c);
            Transfer t = transfers.get(ti);
            assertEquals(t.index(), c.transfer(), "chunk of the wrong transfer: " + c);
            assertEquals(expected, c.offset(), "chunk does not start where the previous one ended: " + c);
            assertTrue(c.length() >= 1 && c.length() <= s.slotBytes(), "chunk length out of [1, slotBytes]: " + c);
            expected += c.length();
            assertTrue(expected <= t.bytes(), "chunk runs past the end of its transfer: " + c);
            if (expected == t.bytes()) {
                ti++;
                expected = 0;
            }
        }
        assertEquals(transfers.size(), ti, "every transfer was submitted in full");
    }

    @Example
    void aOneSlotRingAwaitsBeforeEveryRefill() {
        List<Transfer> transfers = List.of(new Transfer(0, 5), new Transfer(1, 3));
        SimulatedStage stage = new SimulatedStage(transfers, 1, 2, 0, 0);
        StagingRing ring = new StagingRing(1, 2, stage);
        for (Transfer t : transfers) {
            ring.push(t);
        }
        ring.drain();

        assertEquals(List.of(
                "fill 0 t0 [0,+2)", "submit 0 t0 [0,+2)",
                "await 0", "fill 0 t0 [2,+2)", "submit 0 t0 [2,+2)",
                "await 0", "fill 0 t0 [4,+1)", "submit 0 t0 [4,+1)",
                "await 0", "fill 0 t1 [0,+2)", "submit 0 t1 [0,+2)",
                "await 0", "fill 0 t1 [2,+1)", "submit 0 t1 [2,+1)",
                "await 0"), stage.calls);
        assertEquals(List.of(), stage.violations);
        assertArrayEquals(stage.src[0], stage.dst[0]);
        assertArrayEquals(stage.src[1], stage.dst[1]);
    }

    @Example
    void drainOnAnIdleRingWaitsForNothing() {
        List<Transfer> transfers = List.of(new Transfer(0, 10));
        SimulatedStage stage = new SimulatedStage(transfers, 3, 4, 0, 0);
        StagingRing ring = new StagingRing(3, 4, stage);
        ring.drain();
        assertEquals(List.of(), stage.calls);
        ring.push(transfers.getFirst());
        ring.drain();
        int calls = stage.calls.size();
        ring.drain();
        assertEquals(calls, stage.calls.size(), "a second drain has nothing to wait for");
        assertEquals(List.of(), stage.violations);
    }

    @Property(tries = 50)
    void rejectsFewerThanOneSlot(@ForAll @IntRange(min = Integer.MIN_VALUE, max = 0) int slots) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new StagingRing(slots, 1024, new SimulatedStage(List.of(), 1, 1, 0, 0)));
        assertTrue(e.getMessage().contains("at least one slot"), e.getMessage());
    }

    @Example
    void rejectsZeroSlotsAndZeroSlotBytes() {
        SimulatedStage stage = new SimulatedStage(List.of(), 1, 1, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> new StagingRing(0, 1024, stage));
        assertThrows(IllegalArgumentException.class, () -> new StagingRing(4, 0, stage));
        assertThrows(IllegalArgumentException.class, () -> new StagingRing(4, -1, stage));
    }

    @Example
    void aTransferMovesAtLeastOneByte() {
        assertThrows(IllegalArgumentException.class, () -> new Transfer(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Transfer(0, -1));
        assertEquals(1, new Transfer(0, 1).bytes());
    }

    /**
     * A copy engine in memory: real source and destination arrays per transfer, one array per slot,
     * and a FIFO of submitted copies that complete later, at points the seed decides, or when awaited.
     */
    static final class SimulatedStage implements StagingRing.Stage {
        static final byte POISON = 0;

        record Copy(int slot, int transfer, long offset, long length) {
        }

        final int slotBytes;
        final byte[][] src;
        final byte[][] dst;
        final int[][] writes;
        final byte[][] slotData;
        /** Copies submitted from each slot that the engine has not completed yet. */
        final int[] uncompleted;
        /** Whether a copy was submitted from the slot since the ring last awaited it. */
        final boolean[] awaitable;
        final ArrayDeque<Copy> pending = new ArrayDeque<>();
        final List<Copy> submitted = new ArrayList<>();
        final List<String> calls = new ArrayList<>();
        final List<String> violations = new ArrayList<>();
        private final List<Transfer> transfers;
        private final Random engine;
        private final int maxBurst;
        private Copy lastFill;

        SimulatedStage(List<Transfer> transfers, int slots, int slotBytes, long seed, int maxBurst) {
            this.transfers = transfers;
            this.slotBytes = slotBytes;
            this.engine = new Random(seed);
            this.maxBurst = maxBurst;
            int n = transfers.size();
            src = new byte[n][];
            dst = new byte[n][];
            writes = new int[n][];
            for (Transfer t : transfers) {
                int i = t.index();
                int bytes = (int) t.bytes();
                src[i] = new byte[bytes];
                for (int o = 0; o < bytes; o++) {
                    src[i][o] = content(i, o);
                }
                dst[i] = new byte[bytes];
                Arrays.fill(dst[i], POISON);
                writes[i] = new int[bytes];
            }
            slotData = new byte[slots][slotBytes];
            uncompleted = new int[slots];
            awaitable = new boolean[slots];
        }

        /** Distinct per transfer and offset as far as a byte allows, and never the poison. */
        static byte content(int transfer, int offset) {
            long h = (transfer * 0x9E3779B97F4A7C15L) ^ (offset * 0xC2B2AE3D27D4EB4FL);
            h ^= h >>> 29;
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 32;
            return (byte) (1 + Math.floorMod(h, 255));
        }

        /** The engine moves on: it completes 0..maxBurst of the oldest pending copies. */
        void tick() {
            int n = maxBurst == 0 ? 0 : engine.nextInt(maxBurst + 1);
            for (int i = 0; i < n && !pending.isEmpty(); i++) {
                completeOldest();
            }
        }

        private void completeOldest() {
            Copy c = pending.removeFirst();
            int off = (int) c.offset();
            int len = (int) c.length();
            // the bytes the slot holds now, not the ones it held at submit time
            System.arraycopy(slotData[c.slot()], 0, dst[c.transfer()], off, len);
            for (int k = off; k < off + len; k++) {
                writes[c.transfer()][k]++;
            }
            uncompleted[c.slot()]--;
        }

        private Transfer check(int slot, Transfer t, long offset, long length, String call) {
            assertTrue(slot >= 0 && slot < slotData.length, call + ": no slot " + slot);
            assertTrue(t.index() >= 0 && t.index() < transfers.size() && transfers.get(t.index()).equals(t),
                    call + ": unknown transfer " + t);
            assertTrue(length >= 1 && length <= slotBytes, call + ": length " + length + " not in [1, " + slotBytes + "]");
            assertTrue(offset >= 0 && offset + length <= t.bytes(), call + ": [" + offset + ", +" + length + ") outside " + t);
            return t;
        }

        private void fail(String violation) {
            violations.add(violation);
            throw new AssertionError(violation);
        }

        @Override
        public void fill(int slot, Transfer t, long offset, long length) {
            calls.add("fill " + slot + " t" + t.index() + " [" + offset + ",+" + length + ")");
            tick();
            check(slot, t, offset, length, "fill");
            if (uncompleted[slot] > 0) {
                fail("fill of slot " + slot + " with t" + t.index() + " [" + offset + ",+" + length + ") while "
                        + uncompleted[slot] + " copy(ies) from it are still pending: " + pending);
            }
            System.arraycopy(src[t.index()], (int) offset, slotData[slot], 0, (int) length);
            lastFill = new Copy(slot, t.index(), offset, length);
        }

        @Override
        public void submit(int slot, Transfer t, long offset, long length) {
            calls.add("submit " + slot + " t" + t.index() + " [" + offset + ",+" + length + ")");
            check(slot, t, offset, length, "submit");
            Copy c = new Copy(slot, t.index(), offset, length);
            assertEquals(lastFill, c, "submit does not copy what was just filled");
            lastFill = null;
            submitted.add(c);
            pending.addLast(c);
            uncompleted[slot]++;
            awaitable[slot] = true;
            tick();
        }

        @Override
        public void await(int slot) {
            calls.add("await " + slot);
            assertTrue(slot >= 0 && slot < slotData.length, "await: no slot " + slot);
            if (!awaitable[slot]) {
                fail("await of slot " + slot + " with nothing submitted from it since it was last awaited");
            }
            // FIFO: everything submitted before the slot's latest copy completes first
            while (uncompleted[slot] > 0) {
                completeOldest();
            }
            awaitable[slot] = false;
        }
    }
}
