package dev.xfer.app.bandwidth.pattern;

import java.util.Locale;

/**
 * nvbandwidth's many-GPU traffic patterns. In each round one GPU is measured while the others
 * generate traffic around it; every selected GPU is measured once.
 */
public enum TrafficPattern {
    /** The measured GPU copies to host memory while every other GPU does too. */
    ALL_TO_HOST("all-to-host"),
    /** Host memory is copied to the measured GPU while it is copied to every other GPU too. */
    HOST_TO_ALL("host-to-all"),
    /** Every other GPU acts on the measured one: writes into it, or (read) reads from it. */
    ALL_TO_ONE("all-to-one"),
    /** The measured GPU acts on every other one: writes into them, or (read) reads from them. */
    ONE_TO_ALL("one-to-all");

    private final String label;

    TrafficPattern(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the copies go between GPUs and host memory (else between GPUs). */
    public boolean involvesHost() {
        return this == ALL_TO_HOST || this == HOST_TO_ALL;
    }

    /** @throws IllegalArgumentException naming the choices when {@code text} is none of them */
    public static TrafficPattern fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (TrafficPattern p : values()) {
            if (p.label.equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown pattern '" + text.strip()
                + "' (use all-to-host, host-to-all, all-to-one or one-to-all)");
    }

    @Override
    public String toString() {
        return label;
    }
}
