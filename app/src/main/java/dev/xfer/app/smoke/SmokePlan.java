package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.BandwidthMetrics;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.check.CheckMetrics;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.overlap.OverlapMetrics;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code xfer smoke} measures on each device: pinned and pageable bandwidth at 64 MiB, the
 * overlap schedules at async.cu's defaults, and the synchronized copy checks.
 */
public record SmokePlan(BandwidthPlan bandwidth, OverlapPlan overlap, CheckPlan check) {
    public static final long BANDWIDTH_BYTES = 64L << 20;
    public static final int CHECK_TRIALS = 10;

    /** The plans every smoke run uses. */
    public static SmokePlan standard() {
        BandwidthPlan bandwidth = new BandwidthPlan(List.of(BANDWIDTH_BYTES),
                List.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE), List.of(CopyDirection.H2D, CopyDirection.D2H),
                10, 3, CopyTimer.EVENTS);
        OverlapPlan overlap = new OverlapPlan(OverlapPlan.ASYNC_CU_ELEMENTS, 4, 256, 1,
                List.of(OverlapSchedule.values()), 10, 3, HostMemoryKind.PINNED);
        CheckPlan check = new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, CHECK_TRIALS, HostMemoryKind.PINNED,
                List.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.D2H_PAGEABLE, CheckScenario.H2D_EVENT));
        return new SmokePlan(bandwidth, overlap, check);
    }

    /** The results these plans will produce, for checking expectations before measuring. */
    public List<MetricDeclaration> declare(boolean linkKnown) {
        List<MetricDeclaration> declared = new ArrayList<>(BandwidthMetrics.declare(bandwidth, linkKnown));
        declared.addAll(OverlapMetrics.declare(overlap));
        declared.addAll(CheckMetrics.declare(check));
        return declared;
    }
}
