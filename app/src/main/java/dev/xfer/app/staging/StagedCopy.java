package dev.xfer.app.staging;

/**
 * The scheduling half of a staged copy of one large buffer through a ring of pinned slots, for
 * both directions, free of CUDA so its ordering and reuse rules can be checked against a fake
 * copy engine.
 * <p>
 * Host to device: each chunk is filled into the next slot and its async copy starts at once; a
 * slot is filled again only after its previous copy's event completed, so the fill of one slot
 * overlaps the DMA of the others. Device to host: up to one chunk per slot is in flight; a chunk
 * is copied out of its slot only after its copy completed, and only then is the slot given the
 * next chunk, so the copy-out of one slot overlaps the DMA into the others.
 */
public final class StagedCopy {
    /** Which way the bytes move. */
    public enum Direction { H2D, D2H }

    /** What the schedule drives: a real engine copies through pinned slots on a CUDA stream. */
    public interface Engine {
        /** H2D: copies host bytes {@code [offset, offset + length)} into {@code slot}. */
        void fill(int slot, long offset, long length);

        /** Starts the async copy of {@code length} bytes between {@code slot} and the device at {@code offset}. */
        void submit(int slot, long offset, long length);

        /** Blocks until the last copy submitted from or to {@code slot} completed. */
        void await(int slot);

        /** D2H: copies the first {@code length} bytes of {@code slot} to host bytes at {@code offset}. */
        void drainOut(int slot, long offset, long length);
    }

    private final int slots;
    private final long slotBytes;

    public StagedCopy(int slots, long slotBytes) {
        if (slots < 1) {
            throw new IllegalArgumentException("a staging ring needs at least one slot, not " + slots);
        }
        if (slotBytes < 1) {
            throw new IllegalArgumentException("staging slots hold at least one byte, not " + slotBytes);
        }
        this.slots = slots;
        this.slotBytes = slotBytes;
    }

    /** Moves {@code bytes} bytes in {@code direction}; on return every copy has completed. */
    public void run(Direction direction, long bytes, Engine engine) {
        if (bytes < 1) {
            throw new IllegalArgumentException("a staged copy moves at least one byte, not " + bytes);
        }
        long chunks = (bytes + slotBytes - 1) / slotBytes;
        if (direction == Direction.H2D) {
            toDevice(bytes, chunks, engine);
        } else {
            toHost(bytes, chunks, engine);
        }
    }

    private void toDevice(long bytes, long chunks, Engine engine) {
        for (long c = 0; c < chunks; c++) {
            int slot = (int) (c % slots);
            if (c >= slots) {
                engine.await(slot);
            }
            long offset = c * slotBytes;
            long length = Math.min(slotBytes, bytes - offset);
            engine.fill(slot, offset, length);
            engine.submit(slot, offset, length);
        }
        long inFlight = Math.min(chunks, slots);
        for (long c = chunks - inFlight; c < chunks; c++) {
            engine.await((int) (c % slots));
        }
    }

    private void toHost(long bytes, long chunks, Engine engine) {
        long primed = Math.min(chunks, slots);
        for (long c = 0; c < primed; c++) {
            engine.submit((int) c, c * slotBytes, Math.min(slotBytes, bytes - c * slotBytes));
        }
        for (long c = 0; c < chunks; c++) {
            int slot = (int) (c % slots);
            long offset = c * slotBytes;
            engine.await(slot);
            engine.drainOut(slot, offset, Math.min(slotBytes, bytes - offset));
            long refill = c + slots;
            if (refill < chunks) {
                long refillOffset = refill * slotBytes;
                engine.submit(slot, refillOffset, Math.min(slotBytes, bytes - refillOffset));
            }
        }
    }
}
