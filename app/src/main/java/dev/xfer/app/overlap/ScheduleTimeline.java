package dev.xfer.app.overlap;

import java.util.List;
import java.util.Objects;

/**
 * Every operation of one representative iteration of a schedule, recorded by CUDA events in an
 * untimed pass after the timed iterations, so recording never changes the times reported.
 *
 * @param schedule its name: {@code sequential}, {@code v1}, {@code v2} ({@code overlap}) or
 *                 {@code pipeline}
 */
public record ScheduleTimeline(String schedule, List<TimedOp> ops) {
    public ScheduleTimeline {
        Objects.requireNonNull(schedule, "schedule");
        ops = List.copyOf(ops);
    }

    public ScheduleTimeline(OverlapSchedule schedule, List<TimedOp> ops) {
        this(schedule.label(), ops);
    }

    /** When the last operation ended, microseconds from the schedule's start (0 when empty). */
    public double endUs() {
        return ops.stream().mapToDouble(TimedOp::endUs).max().orElse(0);
    }

    /** Streams the operations ran on: one more than the highest index (0 when empty). */
    public int streams() {
        return ops.stream().mapToInt(TimedOp::stream).max().orElse(-1) + 1;
    }
}
