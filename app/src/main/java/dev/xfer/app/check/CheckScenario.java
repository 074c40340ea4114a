package dev.xfer.app.check;

/** The non-blocking copy hazards xfer demonstrates, after the PyTorch non_blocking tutorial. */
public enum CheckScenario {
    D2H_UNSYNCHRONIZED("d2h-nosync", "D2H cudaMemcpyAsync into page-locked memory, host reads at once", false),
    D2H_SYNCHRONIZED("d2h-sync", "the same, with cudaStreamSynchronize before the read", true),
    D2H_PAGEABLE("d2h-pageable", "D2H cudaMemcpyAsync into pageable memory, host reads at once", true),
    H2D_OVERWRITE("h2d-overwrite", "H2D cudaMemcpyAsync from page-locked memory, host overwrites the source at once", false),
    H2D_EVENT("h2d-event", "the same, with cudaEventSynchronize on an event after the copy before overwriting", true);

    private final String id;
    private final String description;
    private final boolean synchronizedCopy;

    CheckScenario(String id, String description, boolean synchronizedCopy) {
        this.id = id;
        this.description = description;
        this.synchronizedCopy = synchronizedCopy;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** Parses an id as printed by {@link #id()}. */
    public static CheckScenario fromId(String text) {
        for (CheckScenario s : values()) {
            if (s.id.equals(text.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + text
                + "' (expected d2h-nosync, d2h-sync, d2h-pageable, h2d-overwrite or h2d-event)");
    }

    /**
     * Whether the program waits for the copy (or the runtime does, for pageable memory) before
     * touching host memory: such a scenario must never see wrong data.
     */
    public boolean isSynchronized() {
        return synchronizedCopy;
    }
}
