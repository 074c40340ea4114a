package dev.xfer.app.bandwidth;

import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The parts of the bandwidth text output that only the copy kernel has: its launch, the blocks sweep, the crossover. */
final class KernelCopyText {
    /** A grid reaches the link when its median is within this fraction of the sweep's best. */
    static final double SATURATED = 0.95;

    private KernelCopyText() {
    }

    /**
     * The launch lines of the plan's grid kernels: the copy kernel's (also for d2d-read and
     * d2d-write, which share its grid), the TMA copy's, the read-only and write-only kernels', and
     * the sample they share.
     */
    static String launchLines(BandwidthPlan plan) {
        StringBuilder out = new StringBuilder();
        boolean bidir = plan.directions().contains(CopyDirection.BIDIR);
        if (plan.kernelCopies()) {
            out.append(launchLine(plan.kernelTiming(), plan.timer(), bidir));
        }
        if (plan.tmaCopies()) {
            out.append(String.format(Locale.ROOT, "copy tma: tma_copy, %d threads per block (one issues), %d stages"
                    + " of %d B in shared memory, blocks as listed%n", LaunchShape.TMA_THREADS_PER_BLOCK,
                    LaunchShape.TMA_STAGES, LaunchShape.TMA_CHUNK_BYTES));
        }
        if (!plan.readWriteDirections().isEmpty()) {
            out.append(String.format(Locale.ROOT, "d2d-read, d2d-write: read_bytes, write_bytes, %d threads per block,"
                    + " blocks as listed%n", LaunchShape.THREADS_PER_BLOCK));
        }
        if (!plan.kernelCopies()) {
            out.append("  ").append(plan.kernelTiming().describe(plan.timer())).append(", timed together and counted"
                    + " per copy").append(System.lineSeparator());
        }
        return out.toString();
    }

    /** The kernels and the sample; the bidir kernel's line only where there are bidir rows. */
    static String launchLine(KernelTiming timing, CopyTimer timer, boolean bidir) {
        return String.format(Locale.ROOT, "copy kernel: copy_bytes, %d threads per block, %d x 16 B loads in flight"
                + " per thread, blocks as listed%n%s  %s, timed together and counted per copy%n",
                LaunchShape.THREADS_PER_BLOCK, LaunchShape.UNROLL,
                bidir ? "  bidir: " + timing.bidir().describe() + System.lineSeparator() : "", timing.describe(timer));
    }

    /**
     * With several grids, per memory, direction and size: the best median, its grid, and the
     * fewest blocks within {@link #SATURATED} of it, i.e. how many SMs saturate the link.
     */
    static Optional<String> saturation(BandwidthResults report) {
        Map<String, List<BandwidthResult>> sweeps = new LinkedHashMap<>();
        for (BandwidthResult r : report.results()) {
            if (r.copy().launchesGrid() && r.shape().isPresent()) {
                sweeps.computeIfAbsent(r.copy() + "\t" + r.memory() + "\t" + r.direction() + "\t" + r.bytes() + "\t"
                        + r.numaNode(), k -> new ArrayList<>()).add(r);
            }
        }
        String title = String.format(Locale.ROOT, "blocks sweep: the fewest blocks within %.0f%% of the best median:",
                SATURATED * 100);
        TextTable table = new TextTable(title, List.of(Column.left("memory"), Column.left("direction"),
                Column.right("bytes"), Column.right("best GB/s"), Column.right("at blocks"),
                Column.right(String.format(Locale.ROOT, "%.0f%% from blocks", SATURATED * 100)),
                Column.right("GB/s there")));
        boolean any = false;
        for (List<BandwidthResult> sweep : sweeps.values()) {
            if (sweep.size() < 2) {
                continue;
            }
            BandwidthResult best = sweep.getFirst();
            for (BandwidthResult r : sweep) {
                if (r.gigabytesPerSecond().median() > best.gigabytesPerSecond().median()) {
                    best = r;
                }
            }
            double bar = SATURATED * best.gigabytesPerSecond().median();
            BandwidthResult enough = sweep.stream().filter(r -> r.gigabytesPerSecond().median() >= bar)
                    .min((a, b) -> Integer.compare(a.shape().get().blocks(), b.shape().get().blocks())).orElse(best);
            table.addRow(List.of(best.copy() == CopyPath.KERNEL ? best.memory().label() : best.memory() + " " + best.copy(),
                    best.direction().label(), Long.toString(best.bytes()),
                    BandwidthText.f2(best.gigabytesPerSecond().median()), Integer.toString(best.shape().get().blocks()),
                    Integer.toString(enough.shape().get().blocks()),
                    BandwidthText.f2(enough.gigabytesPerSecond().median())));
            any = true;
        }
        return any ? Optional.of(table.render()) : Optional.empty();
    }

    /** With the driver's and the kernel's rows over two sizes at least: per memory and direction, where the kernel stops winning. */
    static Optional<String> crossover(BandwidthResults report) {
        List<Crossover.Point> points = report.results().stream()
                .map(r -> new Crossover.Point(r.memory().label(), r.direction().label(), r.copy(), r.bytes(),
                        r.gigabytesPerSecond().median()))
                .toList();
        List<Crossover> crossovers = Crossover.of(points);
        if (crossovers.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder("crossover, copy kernel against the copy engine (medians; the kernel's"
                + " best grid at each size):\n");
        for (Crossover c : crossovers) {
            out.append("  ").append(c.memory()).append(' ').append(c.direction()).append(": ").append(c.describe())
                    .append('\n');
        }
        return Optional.of(out.toString());
    }
}
