package dev.xfer.app.doctor;

import java.util.Comparator;

/** Findings ranked: the most severe first, then the largest cost (an unknown cost after known ones). */
public final class FindingOrder {
    public static final Comparator<Finding> RANK = Comparator.comparing(Finding::severity)
            .thenComparing(FindingOrder::lost, Comparator.reverseOrder())
            .thenComparing(f -> f.cause().ordinal())
            .thenComparing(f -> f.scope().label());

    private FindingOrder() {
    }

    private static double lost(Finding finding) {
        return finding.cost().map(Cost::gigabytesPerSecond).orElse(-1.0);
    }
}
