package dev.xfer.app.measure;

import java.util.Locale;

/**
 * How a schedule's timed window starts ({@code --start} of overlap and pipeline).
 * <ul>
 * <li>{@link #PLAIN}: async.cu's way. The start event is recorded, then the host queues the
 * schedule call by call while the GPU already runs it, so the host's pace between calls (launch
 * latency, a JIT or GC pause, another process on the CPU) can fall inside the window.</li>
 * <li>{@link #GATED}: the whole schedule, its start and stop events included, is queued behind a
 * {@code hold_stream} gate ({@link GatedEventClock}); the gate opens once all of it is queued, so
 * the window holds only what the device did.</li>
 * </ul>
 */
public enum StartMode {
    PLAIN("plain"),
    GATED("gated");

    private final String label;

    StartMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static StartMode fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (StartMode m : values()) {
            if (m.label.equals(wanted)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown --start '" + text + "' (expected plain or gated)");
    }

    @Override
    public String toString() {
        return label;
    }
}
