package dev.xfer.app.batch;

/**
 * Pushes transfers through a ring of reusable staging slots: each transfer is cut into chunks of
 * at most one slot, each chunk is filled into the next slot (a host memcpy) and handed to the copy
 * engine, and a slot is filled again only after its previous copy completed. While the engine
 * copies one slot the host fills the next, which is what the driver does for pageable memory,
 * here with the slot count and size in the user's hands.
 * <p>
 * One ring is used by one thread; the stage behind it decides what filling, copying and waiting
 * mean, so the hand-off logic can be checked against a simulated copy engine.
 */
public final class StagingRing {
    /** What the ring drives: a real one copies through pinned slots on a CUDA stream. */
    public interface Stage {
        /** Copies bytes {@code [offset, offset + length)} of transfer {@code t} into {@code slot}. */
        void fill(int slot, Transfer t, long offset, long length);

        /** Starts copying the first {@code length} bytes of {@code slot} to {@code t}'s destination at {@code offset}. */
        void submit(int slot, Transfer t, long offset, long length);

        /** Blocks until the last copy submitted from {@code slot} completed. */
        void await(int slot);
    }

    /** One source buffer to move: its index among the batch's buffers and its size. */
    public record Transfer(int index, long bytes) {
        public Transfer {
            if (bytes < 1) {
                throw new IllegalArgumentException("a transfer moves at least one byte");
            }
        }
    }

    private final int slots;
    private final long slotBytes;
    private final Stage stage;
    private final boolean[] busy;
    private int next;

    public StagingRing(int slots, long slotBytes, Stage stage) {
        if (slots < 1) {
            throw new IllegalArgumentException("a staging ring needs at least one slot, not " + slots);
        }
        if (slotBytes < 1) {
            throw new IllegalArgumentException("staging slots hold at least one byte, not " + slotBytes);
        }
        this.slots = slots;
        this.slotBytes = slotBytes;
        this.stage = stage;
        this.busy = new boolean[slots];
    }

    /** Moves all of {@code t}, chunk by chunk, in order. */
    public void push(Transfer t) {
        for (long offset = 0; offset < t.bytes(); offset += slotBytes) {
            long length = Math.min(slotBytes, t.bytes() - offset);
            int slot = next;
            next = (next + 1) % slots;
            if (busy[slot]) {
                stage.await(slot);
            }
            stage.fill(slot, t, offset, length);
            stage.submit(slot, t, offset, length);
            busy[slot] = true;
        }
    }

    /** Waits for every copy still in flight; afterwards every slot is free. */
    public void drain() {
        for (int i = 0; i < slots; i++) {
            int slot = (next + i) % slots;
            if (busy[slot]) {
                stage.await(slot);
                busy[slot] = false;
            }
        }
    }
}
