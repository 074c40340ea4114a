package dev.xfer.app.bandwidth;

/** How a copy is timed. */
public enum CopyTimer {
    /** CUDA events recorded around the copy on its stream: what the copy engine took (bandwidthtest.cu). */
    EVENTS,
    /** The host clock around the call and the synchronization after it: what the calling thread waited. */
    WALL;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses a label as printed by {@link #label()}, in any case. */
    public static CopyTimer fromLabel(String text) {
        for (CopyTimer t : values()) {
            if (t.label().equalsIgnoreCase(text.strip())) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown timer '" + text + "' (expected events or wall)");
    }
}
