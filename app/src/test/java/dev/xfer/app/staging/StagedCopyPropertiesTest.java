package dev.xfer.app.staging;

import dev.xfer.app.staging.StagedCopy.Direction;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The staged copy's schedule against a fake copy engine that completes copies late and out of
 * order (any pending copy may complete at any engine call, not only at its await) and moves the
 * slot's bytes only at completion: a slot refilled or drained too early hands over wrong bytes,
 * and the engine also records every rule broken outright.
 */
class StagedCopyPropertiesTest {

    /** A copy submitted but not yet completed. */
    private record Pending(int slot, long offset, long length) {
    }

    private static final class FakeEngine implements StagedCopy.Engine {
        final Direction direction;
        final byte[] host;
        final byte[] device;
        final byte[][] slots;
        final Pending[] pending;
        final boolean[] holdsUndrained;
        final int[] hostWrites;
        final int[] deviceWrites;
        final List<String> violations = new ArrayList<>();
        final Random random;

        FakeEngine(Direction direction, int bytes, int slotCount, int slotBytes, long seed) {
            this.direction = direction;
            this.random = new Random(seed);
            this.host = new byte[bytes];
            this.device = new byte[bytes];
            random.nextBytes(direction == Direction.H2D ? host : device);
            this.slots = new byte[slotCount][slotBytes];
            this.pending = new Pending[slotCount];
            this.holdsUndrained = new boolean[slotCount];
            this.hostWrites = new int[bytes];
            this.deviceWrites = new int[bytes];
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
            Pending p = pending[slot];
            pending[slot] = null;
            for (long i = 0; i < p.length(); i++) {
                int at = (int) (p.offset() + i);
                if (direction == Direction.H2D) {
                    device[at] = slots[slot][(int) i];
                    deviceWrites[at]++;
                } else {
                    slots[slot][(int) i] = device[at];
                }
            }
            if (direction == Direction.D2H) {
                holdsUndrained[slot] = true;
            }
        }

        private void checkBounds(int slot, long offset, long length) {
            if (offset < 0 || length < 1 || offset + length > host.length || length > slots[slot].length) {
                violations.add("out of bounds: slot " + slot + " offset " + offset + " length " + length);
            }
        }

        @Override
        public void fill(int slot, long offset, long length) {
            completeSomeLate();
            checkBounds(slot, offset, length);
            if (pending[slot] != null) {
                violations.add("slot " + slot + " refilled before its copy completed");
            }
            System.arraycopy(host, (int) offset, slots[slot], 0, (int) length);
        }

        @Override
        public void submit(int slot, long offset, long length) {
            completeSomeLate();
            checkBounds(slot, offset, length);
            if (pending[slot] != null) {
                violations.add("slot " + slot + " given a copy while one is in flight");
            }
            if (holdsUndrained[slot]) {
                violations.add("slot " + slot + " reused before its data was copied out");
            }
            pending[slot] = new Pending(slot, offset, length);
        }

        @Override
        public void await(int slot) {
            completeSomeLate();
            if (pending[slot] != null) {
                complete(slot);
            }
        }

        @Override
        public void drainOut(int slot, long offset, long length) {
            completeSomeLate();
            checkBounds(slot, offset, length);
            if (pending[slot] != null) {
                violations.add("slot " + slot + " copied out before its copy completed");
            }
            holdsUndrained[slot] = false;
            for (int i = 0; i < length; i++) {
                host[(int) offset + i] = slots[slot][i];
                hostWrites[(int) offset + i]++;
            }
        }
    }

    @Property(tries = 1500)
    void everyByteCopiedOnceInBoundsAndNoSlotReusedEarly(@ForAll @IntRange(min = 1, max = 6000) int bytes,
                                                         @ForAll @IntRange(min = 1, max = 8) int slots,
                                                         @ForAll @IntRange(min = 1, max = 2000) int slotBytes,
                                                         @ForAll boolean toDevice,
                                                         @ForAll long seed) {
        Direction direction = toDevice ? Direction.H2D : Direction.D2H;
        FakeEngine engine = new FakeEngine(direction, bytes, slots, slotBytes, seed);
        byte[] source = (direction == Direction.H2D ? engine.host : engine.device).clone();

        new StagedCopy(slots, slotBytes).run(direction, bytes, engine);

        assertEquals(List.of(), engine.violations);
        for (int s = 0; s < slots; s++) {
            assertTrue(engine.pending[s] == null, "copy into slot " + s + " still in flight after run");
        }
        int[] writes = direction == Direction.H2D ? engine.deviceWrites : engine.hostWrites;
        for (int i = 0; i < bytes; i++) {
            assertEquals(1, writes[i], "byte " + i + " written " + writes[i] + " times");
        }
        assertArrayEquals(source, direction == Direction.H2D ? engine.device : engine.host);
    }

    @Example
    void rejectsEmptyRingsAndEmptyCopies() {
        assertThrows(IllegalArgumentException.class, () -> new StagedCopy(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new StagedCopy(1, 0));
        FakeEngine engine = new FakeEngine(Direction.H2D, 1, 1, 1, 0);
        assertThrows(IllegalArgumentException.class, () -> new StagedCopy(1, 1).run(Direction.H2D, 0, engine));
    }
}
