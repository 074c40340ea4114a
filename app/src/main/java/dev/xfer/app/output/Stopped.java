package dev.xfer.app.output;

/**
 * What a document that stopped early carries under {@code stopped}: why ({@code interrupted},
 * {@code time-limit}, ...), how much of the plan was measured, and the line that says so.
 */
public record Stopped(String reason, long measured, long planned, String message) {

    /** A document's {@code complete}: false where it stopped, absent where it ran to the end. */
    public static java.util.Optional<Boolean> complete(java.util.Optional<Stopped> stopped) {
        return stopped.map(s -> false);
    }
}
