package dev.xfer.app.doctor;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a measured row ran far below what its link should carry, and the one line that says so
 * with the top cause doctor's readers found without a probe. Pure: rows and findings in, a line out.
 * <p>
 * Thresholds (docs/commands/bandwidth.md, "Hints"): only host-device copies of the driver's path
 * ({@code h2d}, {@code d2h}) of at least {@link #MIN_BYTES}, where the link's rate is known.
 * Page-locked memory (pinned, pinned-huge, registered, write-combined) is expected near the link:
 * below {@link #PAGE_LOCKED_FRACTION} of its theoretical rate is far below. Pageable and heap
 * memory go through the driver's bounce buffers and commonly reach a quarter to a half of the link:
 * only below {@link #PAGEABLE_FRACTION} is that far below its own expectation.
 */
public final class RowHint {
    /** Pinned copies below 60% of the link's theoretical rate: well under the 80-90% a healthy link gives. */
    public static final double PAGE_LOCKED_FRACTION = 0.60;
    /** Pageable copies below 10% of the link: far below even the driver's staged path. */
    public static final double PAGEABLE_FRACTION = 0.10;
    /** Smaller copies are bound by latency, not by the link: they say nothing of it. */
    public static final long MIN_BYTES = 8L << 20;

    private static final List<String> PAGEABLE = List.of("pageable", "heap");

    /**
     * One measured row.
     *
     * @param memory   the host memory kind ({@code pinned}, {@code pageable}, ...)
     * @param copy     whose path ({@code driver}, {@code staged}, {@code kernel})
     * @param linkGBps the link's theoretical per-direction rate
     */
    public record Row(String memory, String copy, String direction, long bytes, double gbps, double linkGBps) {
        public double fractionOfLink() {
            return gbps / linkGBps;
        }

        /** The fraction below which this row is far below its expectation; empty when it is not judged. */
        Optional<Double> threshold() {
            if (!copy.equals("driver") || !(direction.equals("h2d") || direction.equals("d2h")) || bytes < MIN_BYTES
                    || !(linkGBps > 0) || !Double.isFinite(gbps)) {
                return Optional.empty();
            }
            if (memory.equals("managed")) {
                return Optional.empty();
            }
            return Optional.of(PAGEABLE.contains(memory) ? PAGEABLE_FRACTION : PAGE_LOCKED_FRACTION);
        }

        boolean farBelow() {
            return threshold().map(t -> fractionOfLink() < t).orElse(false);
        }
    }

    private RowHint() {
    }

    /** The row furthest below its link among those far below; empty when none is. */
    public static Optional<Row> worst(List<Row> rows) {
        return rows.stream().filter(Row::farBelow).min(Comparator.comparingDouble(Row::fractionOfLink));
    }

    /**
     * The hint for GPU {@code gpu}: the worst row far below its link, and the top cause: what
     * disturbed the run if something did, else the highest-ranked finding of those given (read
     * without a probe), else that nothing shows without one.
     */
    public static Optional<String> line(int gpu, List<Row> rows, List<Finding> findings, Optional<String> disturbance) {
        Optional<Row> worst = worst(rows);
        if (worst.isEmpty()) {
            return Optional.empty();
        }
        Row row = worst.get();
        String head = String.format(Locale.ROOT, "hint: GPU %d %s %s ran at %.0f%% of its link", gpu, row.memory(),
                row.direction(), row.fractionOfLink() * 100);
        if (disturbance.isPresent()) {
            return Optional.of(head + ": " + disturbance.get() + " (xfer doctor explains)");
        }
        Optional<Finding> top = findings.stream().sorted(FindingOrder.RANK).findFirst();
        return Optional.of(top.map(f -> head + ": " + f.summary() + " (xfer doctor explains)")
                .orElse(head + "; nothing shows without a probe (xfer doctor measures)"));
    }
}
