package dev.xfer.nvml;

import java.util.ArrayList;
import java.util.List;

/**
 * NVML's clocks event reasons mask, decoded. Idle is kept apart: a GPU between copies is idle,
 * and only the other reasons say that something held its clocks down.
 *
 * @param mask the bits NVML returned
 */
public record ClocksEventReasons(long mask) {
    private static final long KNOWN_BITS = knownBits();

    /** Every reason whose bit is set, in NVML's bit order. */
    public List<ClocksEventReason> reasons() {
        List<ClocksEventReason> out = new ArrayList<>();
        for (ClocksEventReason reason : ClocksEventReason.values()) {
            if ((mask & reason.bit()) != 0) {
                out.add(reason);
            }
        }
        return List.copyOf(out);
    }

    /** The reasons other than idle: what held the clocks down. */
    public List<ClocksEventReason> otherThanIdle() {
        return reasons().stream().filter(r -> r != ClocksEventReason.GPU_IDLE).toList();
    }

    public boolean idle() {
        return (mask & ClocksEventReason.GPU_IDLE.bit()) != 0;
    }

    /** Bits this header does not name (a newer driver's reasons). */
    public long unnamedBits() {
        return mask & ~KNOWN_BITS;
    }

    /** Something other than idle, named or not, held the clocks down. */
    public boolean heldDown() {
        return !otherThanIdle().isEmpty() || unnamedBits() != 0;
    }

    /** The reasons' labels, an unnamed rest as hex; {@code none} for an empty mask. */
    public List<String> labels() {
        List<String> out = new ArrayList<>(reasons().stream().map(ClocksEventReason::label).toList());
        if (unnamedBits() != 0) {
            out.add("0x" + Long.toHexString(unnamedBits()));
        }
        return List.copyOf(out);
    }

    @Override
    public String toString() {
        List<String> labels = labels();
        return labels.isEmpty() ? "none" : String.join(", ", labels);
    }

    private static long knownBits() {
        long bits = 0;
        for (ClocksEventReason reason : ClocksEventReason.values()) {
            bits |= reason.bit();
        }
        return bits;
    }
}
