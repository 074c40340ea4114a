package dev.xfer.app.overlap;

import dev.xfer.app.format.Labelled;

import java.util.Locale;
import java.util.Objects;

/**
 * One operation of a recorded schedule: which stream issued it, what it was, and when it ran,
 * in microseconds from the schedule's reference event. Documents write it as it is (an entry of a
 * timeline's {@code ops}: {@code stream}, {@code chunk}, {@code stage}, {@code startUs}, {@code endUs}).
 *
 * @param stream  the chunk stream's index; the sequential schedule's operations are on stream 0
 *                (the legacy default stream)
 * @param chunk   the chunk's index (0 for the sequential schedule's whole array)
 */
public record TimedOp(int stream, int chunk, Stage stage, double startUs, double endUs) {

    /** What an operation does, with the character the terminal timeline draws it with. */
    public enum Stage implements Labelled {
        H2D('>'), KERNEL('#'), D2H('<');

        private final char symbol;

        Stage(char symbol) {
            this.symbol = symbol;
        }

        public char symbol() {
            return symbol;
        }

        @Override
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The stage labelled {@code text} (any letter case); a document's typo is named, not Java's enum. */
        public static Stage fromLabel(String text) {
            String wanted = text.strip().toLowerCase(Locale.ROOT);
            for (Stage s : values()) {
                if (s.label().equals(wanted)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown stage '" + text + "' (expected h2d, kernel or d2h)");
        }
    }

    public TimedOp {
        Objects.requireNonNull(stage, "stage");
        if (stream < 0 || chunk < 0) {
            throw new IllegalArgumentException("stream and chunk are indices, not " + stream + ", " + chunk);
        }
        if (!(startUs >= 0) || !(endUs >= startUs)) {
            throw new IllegalArgumentException("an operation runs from 0 onwards and ends after it starts: "
                    + startUs + " .. " + endUs + " us");
        }
    }

    public double durationUs() {
        return endUs - startUs;
    }
}
