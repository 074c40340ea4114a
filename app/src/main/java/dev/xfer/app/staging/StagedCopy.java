package dev.xfer.app.staging;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * The scheduling half of a staged copy through rings of pinned slots, for both directions, free
 * of CUDA so its ordering and reuse rules can be checked against a fake copy engine.
 * <p>
 * The bytes to move are one or more transfers (one large buffer for {@code bandwidth}, N buffers
 * for {@code batch}), cut into chunks of at most one slot and numbered one transfer after the
 * other ({@link Chunks}). Several lanes (one per thread, each with its own slots and stream) take
 * the next unclaimed chunk from a shared counter, so a lane that falls behind takes fewer chunks
 * instead of holding the others up, and lanes never share a slot (no locks between them).
 * <p>
 * Host to device: each chunk is filled into the lane's next slot and its async copy starts at
 * once; a slot is filled again only after its previous copy's event completed, so the fill of
 * one slot overlaps the DMA of the others. Device to host: up to one chunk per slot is in flight;
 * a chunk is copied out of its slot only after its copy completed, and only then is the slot
 * given the next chunk, so the copy-out of one slot overlaps the DMA into the others.
 */
public final class StagedCopy {
    /** Which way the bytes move. */
    public enum Direction { H2D, D2H }

    /** What the schedule drives: a real engine copies through pinned slots on a CUDA stream. Slots are the lane's own. */
    public interface Engine {
        /** H2D: copies {@code chunk}'s host bytes into {@code slot}. */
        void fill(int slot, Chunk chunk);

        /** Starts the async copy of {@code chunk} between {@code slot} and the device. */
        void submit(int slot, Chunk chunk);

        /** Blocks until the last copy submitted from or to {@code slot} completed. */
        void await(int slot);

        /** D2H: copies the first {@code chunk.length()} bytes of {@code slot} to {@code chunk}'s host bytes. */
        void drainOut(int slot, Chunk chunk);
    }

    /** Bytes {@code [offset, offset + length)} of transfer number {@code transfer}. */
    public record Chunk(int transfer, long offset, long length) {
    }

    /**
     * The chunks of a list of transfers, numbered one transfer after the other. The first
     * {@code rampChunks} chunks of the first transfer are a quarter slot each: the copy engine (H2D)
     * or the first copy out (D2H) waits for the first chunk, and a quarter of a slot is there four
     * times sooner, which shows on copies only a few rings long.
     */
    public static final class Chunks {
        private final long[] bytes;
        private final long[] firstChunk;
        private final long slotBytes;
        private final long smallBytes;
        private final long headChunks;
        private final long headBytes;

        /** Whole-slot chunks only. */
        public Chunks(long[] transferBytes, long slotBytes) {
            this(transferBytes, slotBytes, 0);
        }

        /**
         * @param transferBytes each transfer's size, at least one byte
         * @param slotBytes     the largest chunk: one staging slot
         * @param rampChunks    how many quarter-slot chunks the first transfer starts with
         */
        public Chunks(long[] transferBytes, long slotBytes, int rampChunks) {
            if (transferBytes.length == 0) {
                throw new IllegalArgumentException("a staged copy needs one transfer at least");
            }
            if (slotBytes < 1) {
                throw new IllegalArgumentException("staging slots hold at least one byte, not " + slotBytes);
            }
            if (rampChunks < 0) {
                throw new IllegalArgumentException("a ramp of " + rampChunks + " chunks");
            }
            this.bytes = transferBytes.clone();
            this.slotBytes = slotBytes;
            this.smallBytes = Math.max(1, slotBytes / 4);
            for (long b : bytes) {
                if (b < 1) {
                    throw new IllegalArgumentException("a staged copy moves at least one byte, not " + b);
                }
            }
            this.headChunks = Math.min(rampChunks, (bytes[0] + smallBytes - 1) / smallBytes);
            this.headBytes = Math.min(bytes[0], headChunks * smallBytes);
            this.firstChunk = new long[bytes.length + 1];
            for (int t = 0; t < bytes.length; t++) {
                long whole = t == 0 ? headChunks + (bytes[0] - headBytes + slotBytes - 1) / slotBytes
                        : (bytes[t] + slotBytes - 1) / slotBytes;
                firstChunk[t + 1] = Math.addExact(firstChunk[t], whole);
            }
        }

        public long count() {
            return firstChunk[bytes.length];
        }

        /** Chunk number {@code c}, {@code 0 <= c < count()}. */
        public Chunk chunk(long c) {
            if (c < 0 || c >= count()) {
                throw new IndexOutOfBoundsException("chunk " + c + " of " + count());
            }
            // Every transfer has a chunk at least, so firstChunk rises strictly: an exact hit is a transfer's first.
            int found = Arrays.binarySearch(firstChunk, c);
            int t = found >= 0 ? found : -found - 2;
            long local = c - firstChunk[t];
            if (t == 0 && local < headChunks) {
                long offset = local * smallBytes;
                return new Chunk(0, offset, Math.min(smallBytes, bytes[0] - offset));
            }
            long offset = (t == 0 ? headBytes : 0) + (local - (t == 0 ? headChunks : 0)) * slotBytes;
            return new Chunk(t, offset, Math.min(slotBytes, bytes[t] - offset));
        }
    }

    private StagedCopy() {
    }

    /**
     * One lane's part of a copy: takes chunk numbers from {@code claim} (shared by every lane)
     * until they run out, through the lane's {@code slots} slots; on return every copy this lane
     * started has completed.
     */
    public static void lane(Direction direction, Chunks chunks, LongSupplier claim, int slots, Engine engine) {
        if (slots < 1) {
            throw new IllegalArgumentException("a staging ring needs at least one slot, not " + slots);
        }
        if (direction == Direction.H2D) {
            toDevice(chunks, claim, slots, engine);
        } else {
            toHost(chunks, claim, slots, engine);
        }
    }

    private static void toDevice(Chunks chunks, LongSupplier claim, int slots, Engine engine) {
        boolean[] busy = new boolean[slots];
        int next = 0;
        for (long c = claim.getAsLong(); c < chunks.count(); c = claim.getAsLong()) {
            int slot = next;
            next = (next + 1) % slots;
            if (busy[slot]) {
                engine.await(slot);
            }
            Chunk chunk = chunks.chunk(c);
            engine.fill(slot, chunk);
            engine.submit(slot, chunk);
            busy[slot] = true;
        }
        for (int i = 0; i < slots; i++) {
            int slot = (next + i) % slots;
            if (busy[slot]) {
                engine.await(slot);
            }
        }
    }

    private static void toHost(Chunks chunks, LongSupplier claim, int slots, Engine engine) {
        Chunk[] held = new Chunk[slots];
        for (int slot = 0; slot < slots; slot++) {
            long c = claim.getAsLong();
            if (c >= chunks.count()) {
                break;
            }
            held[slot] = chunks.chunk(c);
            engine.submit(slot, held[slot]);
        }
        // Slots were given chunks in ring order, so visiting them in that order meets the oldest copy first; the
        // first empty slot met is the end, as every slot after it emptied when the chunks ran out.
        for (int slot = 0; held[slot] != null; slot = (slot + 1) % slots) {
            engine.await(slot);
            engine.drainOut(slot, held[slot]);
            long c = claim.getAsLong();
            held[slot] = c < chunks.count() ? chunks.chunk(c) : null;
            if (held[slot] != null) {
                engine.submit(slot, held[slot]);
            }
        }
    }
}
