package dev.xfer.app.overlap;

import java.util.Locale;

/** The orders of NVIDIA's "How to Overlap Data Transfers" async.cu. */
public enum OverlapSchedule {
    /** H2D of the whole array, the kernel over it, D2H of it, on the default stream. */
    SEQUENTIAL("sequential"),
    /** For each stream in turn: H2D of its chunk, the kernel on it, D2H of it. */
    V1("v1"),
    /** All chunks' H2D, then all kernels, then all D2H, each on its chunk's stream. */
    V2("v2");

    private final String label;

    OverlapSchedule(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static OverlapSchedule fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (OverlapSchedule s : values()) {
            if (s.label.equals(wanted)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown schedule '" + text + "' (expected sequential, v1 or v2)");
    }

    @Override
    public String toString() {
        return label;
    }
}
