package dev.xfer.app.latency;

import java.util.Locale;

/** How a pointer chase links its nodes into one cycle. */
public enum ChaseOrder {
    /**
     * A random cyclic permutation (Sattolo's algorithm): the next node is anywhere in the buffer,
     * so no prefetcher can guess it and every access waits for the one before it.
     */
    RANDOM("random"),
    /**
     * Node i links to node i + 1 and the last back to the first: NVIDIA nvbandwidth's layout
     * (a 128-byte stride), kept so its latency figures can be compared layout for layout.
     */
    SEQUENTIAL("sequential");

    private final String label;

    ChaseOrder(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** @throws IllegalArgumentException naming the choices when {@code text} is none of them */
    public static ChaseOrder fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (ChaseOrder o : values()) {
            if (o.label.equals(wanted)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown --order " + text.strip() + " (use random or sequential)");
    }

    @Override
    public String toString() {
        return label;
    }
}
