package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code xfer smoke} measures on each device: pinned (and in the standard profile pageable)
 * bandwidth at 64 MiB on {@link #ALLOCATIONS} host allocations each, the overlap schedules at
 * async.cu's defaults, and the synchronized copy checks.
 *
 * @param profile {@code standard} or {@code quick}, as the document names it
 */
public record SmokePlan(String profile, BandwidthPlan bandwidth, OverlapPlan overlap, CheckPlan check) {
    public static final long BANDWIDTH_BYTES = 64L << 20;
    public static final int CHECK_TRIALS = 10;
    /**
     * Smoke judges the link on the best of 3 pinned allocations: on a lent H100 half of 8 fresh
     * 256 MiB allocations came out 5 to 15% slow, so one allocation alone would now and then fail a
     * good link. Three cost about 25 ms of pinning each at 64 MiB, and all three land slow only about
     * one time in eight even there, when the 70% bound is still well below the slow ones.
     */
    public static final int ALLOCATIONS = 3;
    /** The quick profile's warm-up time: 64 MiB copies take 1.2 ms, so the JIT's microseconds do not show in them. */
    public static final long QUICK_WARMUP_NANOS = 20_000_000L;
    /**
     * The quick profile's JIT warm-up of the overlap schedules' call path: the standard second was
     * 1.0 of the profile's 2.8 s of GPU work on the H200. A fifth of it compiles the downcalls
     * (the bandwidth part before it has already run most of them), and the quick profile judges
     * overlap by a speedup above 1x, where a few microseconds more per sequential step do not count.
     */
    public static final long QUICK_CALL_PATH_WARMUP_NANOS = 200_000_000L;
    /**
     * The quick check's array: 4 periods of the tutorial's values, 32 MB, pinned in a few ms rather
     * than 200. The synchronized checks ask whether the host reads what the copy wrote; the copy of
     * 32 MB still takes 0.6 ms on the H200, long past a read started too early. On the H200 the
     * host's reads of 80 MB took 45-70 ms a trial in the process's first second (the code not yet
     * compiled), 0.14-0.20 s of the profile's 1.5 s.
     */
    public static final long QUICK_CHECK_ELEMENTS = 4L * CheckPlan.PERIOD;
    public static final int QUICK_CHECK_TRIALS = 3;
    /**
     * How smoke's overlap runs start (overlap's {@code --start}): plain, async.cu's start. Measured
     * over 20 processes each on an H100 (docs/commands/overlap.md), gated spread less between
     * processes in v1 but its medians ran 1-2% higher, and once 30% higher in one process, for a
     * cause not established: plain stays, and its documents stay comparable with earlier ones.
     */
    public static final StartMode OVERLAP_START = StartMode.PLAIN;

    /** The plans every standard smoke run uses. */
    public static SmokePlan standard() {
        BandwidthPlan bandwidth = new BandwidthPlan(List.of(BANDWIDTH_BYTES),
                List.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE), List.of(CopyDirection.H2D, CopyDirection.D2H),
                10, 3, CopyTimer.EVENTS).withAllocations(ALLOCATIONS);
        OverlapPlan overlap = new OverlapPlan(OverlapPlan.ASYNC_CU_ELEMENTS, 4, 256, 1,
                List.of(OverlapSchedule.values()), 10, 3, HostMemoryKind.PINNED).withStart(OVERLAP_START);
        CheckPlan check = new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, CHECK_TRIALS, HostMemoryKind.PINNED,
                List.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.D2H_PAGEABLE, CheckScenario.H2D_EVENT));
        return new SmokePlan("standard", bandwidth, overlap, check);
    }

    /**
     * The health check's profile: what a node must not pass with, in well under a second of GPU
     * work. Pinned h2d and d2h at 64 MiB (a link below its bound, wrong data); the three overlap
     * schedules with fewer runs (broken overlap, a wrong kernel); the synchronized checks on 32 MB
     * (a synchronized copy that reads stale data). Pageable copies are left out: between processes
     * they vary by half (14.6 against 7.3 GB/s on one quiet H200), so they judge nothing a health
     * check could act on.
     */
    public static SmokePlan quick() {
        BandwidthPlan bandwidth = new BandwidthPlan(List.of(BANDWIDTH_BYTES), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), 10, 3, CopyTimer.EVENTS, List.of(CopyPath.DRIVER),
                BandwidthPlan.DEFAULT_STAGING, ALLOCATIONS, QUICK_WARMUP_NANOS);
        OverlapPlan overlap = new OverlapPlan(OverlapPlan.ASYNC_CU_ELEMENTS, 4, 256, 1,
                List.of(OverlapSchedule.values()), 5, 2, HostMemoryKind.PINNED, QUICK_WARMUP_NANOS,
                QUICK_CALL_PATH_WARMUP_NANOS).withStart(OVERLAP_START);
        CheckPlan check = new CheckPlan(QUICK_CHECK_ELEMENTS, QUICK_CHECK_TRIALS, HostMemoryKind.PINNED,
                List.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.H2D_EVENT));
        return new SmokePlan("quick", bandwidth, overlap, check);
    }

    /** The results these plans will produce, for checking expectations before measuring. */
    public List<MetricDeclaration> declare(boolean linkKnown) {
        List<MetricDeclaration> declared = new ArrayList<>(bandwidth.declarations(linkKnown));
        declared.addAll(overlap.declarations());
        declared.addAll(check.declarations());
        return declared;
    }
}
