package dev.xfer.app.bandwidth.pattern;

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

    @Override
    public String toString() {
        return label;
    }
}
