package dev.xfer.app.batch;

import java.util.Arrays;
import java.util.Locale;

/** The PyTorch tutorial's two cases for {@code xfer batch --preset}: 1000 buffers each. */
public enum BatchPreset {
    /** 1000 x 1000 floats. */
    SMALL("small", BatchPlan.SMALL_BYTES),
    /** 1000 x 1,000,000 floats. */
    LARGE("large", BatchPlan.LARGE_BYTES);

    private final String label;
    private final long bytes;

    BatchPreset(String label, long bytes) {
        this.label = label;
        this.bytes = bytes;
    }

    public String label() {
        return label;
    }

    /** Bytes per buffer. */
    public long bytes() {
        return bytes;
    }

    public static BatchPreset fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(p -> p.label.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--preset takes small or large, not '" + text + "'"));
    }
}
