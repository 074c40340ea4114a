package dev.xfer.app.fleet;

import dev.xfer.app.result.HostAllocations;
import dev.xfer.app.verdict.NoiseKind;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a best-of-k result's host allocations say about the host, apart from the verdict: when the
 * worst of a run's allocations of page-locked memory ran well below the best, host memory placement
 * moved the copy, and that is a finding about the node, not noise to widen a band with (compare
 * and fleet judge the reported best against the between-run noise of best-of-k figures).
 *
 * <p>Only pinned copies (pinned, registered, write-combined, pinned-huge at 1 MiB and up) are read
 * this way: the driver copies them straight from the buffer, so a slow allocation is where its pages
 * sit. A pageable copy goes through the driver's staging buffer, whose speed varies by itself: on
 * quiet machines the worst of 3 pageable allocations fell to 47% of the best (H100, 64 MiB D2H)
 * and 54% (H200, H2D) while nothing was wrong.
 */
public final class UnstablePlacement {
    /**
     * The worst allocation below this share of the best is a finding. In the committed quiet runs
     * (app/src/test/resources/noise: 9 H100 and 20 H200 smoke runs, best of 3) the worst pinned
     * allocation reached at least 82% of the best (H100 H2D 44.8 of 54.6 GB/s; H200 98%); the unstable
     * node ran at 42%. Three quarters leaves the quiet runs a margin and still names a node whose
     * placement costs a quarter of the link.
     */
    public static final double UNSTABLE_BELOW = 0.75;

    private UnstablePlacement() {
    }

    /**
     * One result of one GPU run whose host allocations spread beyond {@link #UNSTABLE_BELOW}.
     *
     * @param who           the GPU, as {@link GpuRun#who()}
     * @param file          its document
     * @param configuration the result's name without its measured field ({@code pinned.h2d.64MiB})
     */
    public record Finding(String who, String file, String configuration, HostAllocations allocations) {
        public String text() {
            return String.format(Locale.ROOT, "worst of %d host allocations ran at %.0f%% of the best: "
                    + "host memory placement is unstable on this node", allocations.count(), allocations.worstOfBest() * 100);
        }

        /** With the GPU, the document and the result: a line of a report. */
        public String line() {
            return who + " in " + file + ": " + configuration + ": " + text();
        }
    }

    /** The finding one measurement gives, if any. */
    public static Optional<HostAllocations> unstable(Measurement m) {
        return m.allocations().filter(a -> m.kind().single() == NoiseKind.PINNED_COPY && a.worstOfBest() < UNSTABLE_BELOW);
    }

    /** The findings of these GPU runs, one per run and configuration (a copy's rate and time share one). */
    public static List<Finding> of(List<GpuRun> runs) {
        List<Finding> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (GpuRun run : runs) {
            for (Measurement m : run.measurements()) {
                Optional<HostAllocations> a = unstable(m);
                String configuration = configuration(m);
                if (a.isPresent() && seen.add(run.file() + "\u0000" + run.gpuKey() + "\u0000" + configuration)) {
                    out.add(new Finding(run.who(), run.file().toString(), configuration, a.get()));
                }
            }
        }
        return out;
    }

    /** The result's name less its measured field: {@code pinned.h2d.64MiB.gbps} is {@code pinned.h2d.64MiB}. */
    static String configuration(Measurement m) {
        String suffix = "." + m.field();
        return m.name().endsWith(suffix) ? m.name().substring(0, m.name().length() - suffix.length()) : m.name();
    }
}
