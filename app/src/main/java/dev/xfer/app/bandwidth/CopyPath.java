package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.Locale;

/** Whose code moves pageable and heap memory across the link ({@code --copy}). */
public enum CopyPath {
    /** cudaMemcpy on the user's memory: the driver stages it through its own pinned buffers. */
    DRIVER("driver"),
    /** xfer's own: threads copy through a ring of pinned slots while the copy engine drains it. */
    STAGED("staged");

    private final String label;

    CopyPath(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether this path applies to {@code memory}: staging is for memory the copy engine cannot read directly. */
    public boolean appliesTo(HostMemoryKind memory) {
        return this == DRIVER || !memory.isPageLocked();
    }

    public static CopyPath fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (CopyPath p : values()) {
            if (p.label.equals(wanted)) {
                return p;
            }
        }
        throw new IllegalArgumentException("--copy takes driver or staged, not '" + text + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
