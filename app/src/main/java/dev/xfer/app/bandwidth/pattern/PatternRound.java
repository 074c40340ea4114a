package dev.xfer.app.bandwidth.pattern;

import java.util.List;

/**
 * The copies that run at once while GPU {@code measured} is measured. Its figure: for host
 * patterns, the one timed copy's rate; for GPU patterns, the timed copies' bytes together over
 * the time from the first timed start to the last timed end (nvbandwidth's total bandwidth).
 */
public record PatternRound(int measured, List<PlannedCopy> copies) {
    public PatternRound {
        copies = List.copyOf(copies);
        if (copies.stream().noneMatch(PlannedCopy::timed)) {
            throw new IllegalArgumentException("a round that times no copy");
        }
    }

    public List<PlannedCopy> timed() {
        return copies.stream().filter(PlannedCopy::timed).toList();
    }

    public List<PlannedCopy> interfering() {
        return copies.stream().filter(c -> !c.timed()).toList();
    }
}
