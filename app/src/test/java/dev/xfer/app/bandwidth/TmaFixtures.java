package dev.xfer.app.bandwidth;

import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Fixed records of a TMA and read/write run for the golden outputs (figures made up to exercise
 * the report, not measured): {@code --copy driver,kernel,tma --memory pinned --direction
 * h2d,d2d,d2d-read,d2d-write --size 2GiB --blocks 66,sm} on an H200 (132 SMs).
 */
public final class TmaFixtures {
    // 2 GiB: no other golden document has rows of this size, so their OpenMetrics samples never collide.
    public static final long GIB2 = 2L << 30;

    private TmaFixtures() {
    }

    public static BandwidthPlan plan() {
        return new BandwidthPlan(List.of(GIB2), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2D, CopyDirection.D2D_READ, CopyDirection.D2D_WRITE), 20, 5,
                CopyTimer.EVENTS, List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA), BandwidthPlan.DEFAULT_STAGING,
                BlockCounts.parse("66,sm").on(132));
    }

    public static BandwidthResults report() {
        List<BandwidthResult> rows = new ArrayList<>();
        rows.add(rate("pinned", "h2d", 55.5, CopyPath.DRIVER, Optional.empty()));
        rows.add(rate("pinned", "h2d", 50.25, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(66))));
        rows.add(rate("pinned", "h2d", 51.25, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(132))));
        rows.add(rate("pinned", "h2d", 49.5, CopyPath.TMA, Optional.of(LaunchShape.tmaBlocks(66))));
        rows.add(rate("pinned", "h2d", 52.0, CopyPath.TMA, Optional.of(LaunchShape.tmaBlocks(132))));
        rows.add(rate("device", "d2d", 2090.0, CopyPath.DRIVER, Optional.empty()));
        rows.add(rate("device", "d2d", 1800.5, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(66))));
        rows.add(rate("device", "d2d", 2075.5, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(132))));
        rows.add(rate("device", "d2d", 1950.0, CopyPath.TMA, Optional.of(LaunchShape.tmaBlocks(66))));
        rows.add(rate("device", "d2d", 2100.25, CopyPath.TMA, Optional.of(LaunchShape.tmaBlocks(132))));
        rows.add(rate("device", "d2d-read", 3900.0, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(66))));
        rows.add(rate("device", "d2d-read", 4150.75, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(132))));
        rows.add(rate("device", "d2d-write", 3800.0, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(66))));
        rows.add(rate("device", "d2d-write", 4000.5, CopyPath.KERNEL, Optional.of(LaunchShape.ofBlocks(132))));
        return new BandwidthResults(ResultsFixtures.context(), plan(), rows, List.of(), List.of());
    }

    private static BandwidthResult rate(String memory, String direction, double median, CopyPath copy,
                                        Optional<LaunchShape> shape) {
        double micros = Math.round(GIB2 / (median * 1e3) * 10) / 10.0;
        OptionalDouble link = direction.startsWith("d2d") ? OptionalDouble.empty()
                : OptionalDouble.of(Math.round(median / 63.0 * 1000) / 10.0);
        return new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel(memory), dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), GIB2,
                ResultsFixtures.summary(20, median, median * 0.9, median * 1.02, median * 0.99, median * 0.01),
                ResultsFixtures.summary(20, micros, micros * 0.98, micros * 1.1, micros, micros * 0.01), link, true,
                OptionalInt.empty(), Optional.empty(), copy, Optional.empty(), shape, Optional.empty());
    }
}
