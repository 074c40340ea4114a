package dev.xfer.app.bandwidth;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The direction one bandwidth row names: a {@link CopyDirection} measured on its own, or one of
 * the two legs of a bidirectional run ({@code bidir-h2d}, {@code bidir-d2h}), each of which is a
 * row of its own. p2p rows are a section of their own and have none.
 */
public enum RowDirection {
    H2D("h2d", CopyDirection.H2D),
    D2H("d2h", CopyDirection.D2H),
    D2D("d2d", CopyDirection.D2D),
    D2D_READ("d2d-read", CopyDirection.D2D_READ),
    D2D_WRITE("d2d-write", CopyDirection.D2D_WRITE),
    /** The host-to-device leg of a bidirectional run. */
    BIDIR_H2D("bidir-h2d", CopyDirection.BIDIR),
    /** The device-to-host leg of a bidirectional run. */
    BIDIR_D2H("bidir-d2h", CopyDirection.BIDIR);

    private final String label;
    private final CopyDirection copy;

    RowDirection(String label, CopyDirection copy) {
        this.label = label;
        this.copy = copy;
    }

    /** The word rows and names use, e.g. {@code bidir-h2d}. */
    public String label() {
        return label;
    }

    /** The direction the run was asked to measure ({@code --direction}) that made this row. */
    public CopyDirection copy() {
        return copy;
    }

    /** The row of a direction measured on its own (not bidir, not p2p). */
    public static RowDirection of(CopyDirection direction) {
        for (RowDirection d : values()) {
            if (d.copy == direction && d.copy != CopyDirection.BIDIR) {
                return d;
            }
        }
        throw new IllegalArgumentException("no single row for direction " + direction.label());
    }

    /** Every word a row's {@code direction} may be, in order. */
    public static List<String> labels() {
        return Arrays.stream(values()).map(RowDirection::label).toList();
    }

    /** The direction {@code text} names, as {@link #label()} writes it. */
    public static RowDirection fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (RowDirection d : values()) {
            if (d.label.equals(wanted)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown row direction '" + text + "' (expected one of "
                + String.join(", ", labels()) + ")");
    }

    @Override
    public String toString() {
        return label;
    }
}
