package dev.xfer.app.bandwidth;

import java.util.Locale;

/**
 * Which side of a GPU-to-GPU copy launches it, as nvbandwidth's {@code _write} and {@code _read}
 * test cases mean it: the GPU whose context (here: stream) issues the copy.
 */
public enum Initiation {
    /** The GPU that holds the data pushes it into the other's memory. */
    WRITE("write"),
    /** The GPU that receives the data pulls it out of the other's memory. */
    READ("read");

    private final String label;

    Initiation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** @throws IllegalArgumentException in {@code --initiation}'s words, for text that is neither label */
    public static Initiation fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (Initiation side : values()) {
            if (side.label.equals(wanted)) {
                return side;
            }
        }
        throw new IllegalArgumentException("--initiation takes write or read, not '" + text.strip() + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
