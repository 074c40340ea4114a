package dev.xfer.app.staging;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
     * The chunks of a list of transfers, numbered one transfer after the other, each at most one
     * slot. With a ramp ({@code lanes > 0}) the first transfer starts with {@code lanes} chunks of
     * an eighth of a slot, then as many of a quarter and of a half, and the last transfer ends the
     * same way in reverse: a copy engine (H2D) or the first copy out (D2H) waits only for an eighth
     * of a slot, each round of chunks is ready before the engine has drained the round before it
     * (a size at most doubles while {@code lanes} chunks drain), and the copy out of the last
     * chunks (D2H) is short. Without a ramp every chunk is a whole slot but the last of each transfer.
     */
    public static final class Chunks {
        /** Eighth, quarter, half: the ramp's chunk sizes as divisors of a slot. */
        private static final long[] RAMP_DIVISORS = {8, 4, 2};

        private final long[] bytes;
        private final long[] firstChunk;
        /** Per transfer, its runs of equal chunks, in order. */
        private final Run[][] runs;

        /** {@code count} chunks of {@code size} bytes from {@code offset}, the last one cut at {@code end}. */
        private record Run(long firstChunk, long offset, long size, long count, long end) {
        }

        /** Whole-slot chunks only. */
        public Chunks(long[] transferBytes, long slotBytes) {
            this(transferBytes, slotBytes, 0);
        }

        /**
         * @param transferBytes each transfer's size, at least one byte
         * @param slotBytes     the largest chunk: one staging slot
         * @param lanes         chunks per ramp step (one per lane); 0 for no ramp
         */
        public Chunks(long[] transferBytes, long slotBytes, int lanes) {
            if (transferBytes.length == 0) {
                throw new IllegalArgumentException("a staged copy needs one transfer at least");
            }
            if (slotBytes < 1) {
                throw new IllegalArgumentException("staging slots hold at least one byte, not " + slotBytes);
            }
            if (lanes < 0) {
                throw new IllegalArgumentException("a ramp of " + lanes + " chunks a step");
            }
            for (long b : transferBytes) {
                if (b < 1) {
                    throw new IllegalArgumentException("a staged copy moves at least one byte, not " + b);
                }
            }
            this.bytes = transferBytes.clone();
            this.firstChunk = new long[bytes.length + 1];
            this.runs = new Run[bytes.length][];
            int last = bytes.length - 1;
            for (int t = 0; t < bytes.length; t++) {
                runs[t] = runsOf(firstChunk[t], bytes[t], slotBytes, t == 0 ? lanes : 0, t == last ? lanes : 0);
                Run end = runs[t][runs[t].length - 1];
                firstChunk[t + 1] = Math.addExact(end.firstChunk(), end.count());
            }
        }

        /** One transfer's runs: the head ramp, whole slots, the tail ramp, each only as far as the bytes go. */
        private static Run[] runsOf(long first, long total, long slotBytes, int headLanes, int tailLanes) {
            long[] head = rampSizes(slotBytes, headLanes);
            long[] tail = rampSizes(slotBytes, tailLanes);
            List<Run> out = new ArrayList<>();
            long offset = 0;
            long chunk = first;
            for (long size : head) {
                long count = Math.min(headLanes, (total - offset + size - 1) / size);
                if (count > 0) {
                    out.add(new Run(chunk, offset, size, count, total));
                    offset = Math.min(total, offset + count * size);
                    chunk += count;
                }
            }
            // The tail, laid out from the end: the smallest chunks last, each step only where it fits whole.
            long tailStart = total;
            List<Run> tailRuns = new ArrayList<>();
            for (long size : tail) {
                long count = Math.min(tailLanes, (tailStart - offset) / size);
                if (count > 0) {
                    tailStart -= count * size;
                    tailRuns.addFirst(new Run(0, tailStart, size, count, tailStart + count * size));
                }
            }
            if (tailStart > offset) {
                long count = (tailStart - offset + slotBytes - 1) / slotBytes;
                out.add(new Run(chunk, offset, slotBytes, count, tailStart));
                chunk += count;
            }
            for (Run r : tailRuns) {
                out.add(new Run(chunk, r.offset(), r.size(), r.count(), r.end()));
                chunk += r.count();
            }
            return out.toArray(Run[]::new);
        }

        private static long[] rampSizes(long slotBytes, int lanes) {
            if (lanes == 0) {
                return new long[0];
            }
            return Arrays.stream(RAMP_DIVISORS).map(d -> Math.max(1, slotBytes / d)).toArray();
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
            for (Run r : runs[t]) {
                if (c < r.firstChunk() + r.count()) {
                    long offset = r.offset() + (c - r.firstChunk()) * r.size();
                    return new Chunk(t, offset, Math.min(r.size(), r.end() - offset));
                }
            }
            throw new IllegalStateException("chunk " + c + " in no run of transfer " + t);
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
