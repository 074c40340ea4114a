package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Fixed records of a copy-kernel run for the golden outputs (figures made up to exercise the
 * report, not measured): {@code --copy driver,kernel --memory pageable,pinned --direction
 * h2d,d2h,d2d --size 4KiB,1MiB,512MiB --blocks 64,sm} on an H200 (132 SMs) without pageable
 * memory access, so pageable has driver rows only and a note says why it has no kernel rows.
 * The kernel wins at 4 KiB and loses from 1 MiB in h2d; it never wins in d2h; 64 blocks already
 * reach 95% of 132 at 512 MiB h2d, not in d2h.
 */
public final class KernelCopyFixtures {
    public static final long KIB4 = 4096;
    public static final long MIB1 = 1L << 20;
    public static final long MIB512 = 512L << 20;

    private KernelCopyFixtures() {
    }

    public static BandwidthPlan plan() {
        return new BandwidthPlan(List.of(KIB4, MIB1, MIB512), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H, CopyDirection.D2D), 20, 5, CopyTimer.EVENTS,
                List.of(CopyPath.DRIVER, CopyPath.KERNEL), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.parse("64,sm").on(132));
    }

    public static BandwidthResults report() {
        List<BandwidthResult> rows = new ArrayList<>();
        double[][] pageable = {{0.9, 1.1}, {6.5, 7.25}, {9.5, 17.0}};
        // per size: driver h2d, d2h; kernel 64 blocks h2d, d2h; kernel 132 blocks h2d, d2h; d2d driver, 64, 132
        double[][] pinned = {
                {1.25, 1.5, 2.5, 1.25, 2.5, 1.4, 3.5, 4.0, 4.25},
                {40.5, 41.25, 30.0, 28.5, 33.25, 31.0, 580.0, 410.0, 600.5},
                {55.44, 55.31, 50.75, 40.25, 52.0, 52.75, 2094.0, 1650.0, 2210.5}};
        long[] sizes = {KIB4, MIB1, MIB512};
        for (int s = 0; s < sizes.length; s++) {
            long size = sizes[s];
            rows.add(rate("pageable", "h2d", size, pageable[s][0], CopyPath.DRIVER, 0));
            rows.add(rate("pageable", "d2h", size, pageable[s][1], CopyPath.DRIVER, 0));
            rows.add(rate("pinned", "h2d", size, pinned[s][0], CopyPath.DRIVER, 0));
            rows.add(rate("pinned", "d2h", size, pinned[s][1], CopyPath.DRIVER, 0));
            rows.add(rate("pinned", "h2d", size, pinned[s][2], CopyPath.KERNEL, 64));
            rows.add(rate("pinned", "d2h", size, pinned[s][3], CopyPath.KERNEL, 64));
            rows.add(rate("pinned", "h2d", size, pinned[s][4], CopyPath.KERNEL, 132));
            rows.add(rate("pinned", "d2h", size, pinned[s][5], CopyPath.KERNEL, 132));
            rows.add(rate("device", "d2d", size, pinned[s][6], CopyPath.DRIVER, 0));
            rows.add(rate("device", "d2d", size, pinned[s][7], CopyPath.KERNEL, 64));
            rows.add(rate("device", "d2d", size, pinned[s][8], CopyPath.KERNEL, 132));
        }
        // A device without pageable memory access (the H200s here): the kernel's pageable rows are waived, with why.
        return new BandwidthResults(ResultsFixtures.context(), plan(), rows, List.of(), List.of(), HostPlacement.none(),
                List.of(), new KernelReach(true, true, false).waivers(plan(), List.of(64, 132),
                        java.util.EnumSet.noneOf(CopyPath.class)));
    }

    /** One result: its median with a small spread; {@code blocks} 0 for a path without a grid. */
    private static BandwidthResult rate(String memory, String direction, long bytes, double median, CopyPath copy,
                                        int blocks) {
        double micros = Math.round(bytes / (median * 1e3) * 10) / 10.0;
        OptionalDouble link = direction.equals("d2d") ? OptionalDouble.empty()
                : OptionalDouble.of(Math.round(median / 63.0 * 1000) / 10.0);
        return new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel(memory), dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), bytes,
                ResultsFixtures.summary(20, median, median * 0.9, median * 1.02, median * 0.99, median * 0.01),
                ResultsFixtures.summary(20, micros, micros * 0.98, micros * 1.1, micros, micros * 0.01), link, true,
                OptionalInt.empty(), Optional.empty(), copy, Optional.empty(),
                blocks == 0 ? Optional.empty() : Optional.of(LaunchShape.ofBlocks(blocks)), Optional.empty());
    }
}
