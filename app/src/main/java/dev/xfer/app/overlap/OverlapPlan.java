package dev.xfer.app.overlap;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * What an overlap run does; the defaults reproduce async.cu (16 MiB of floats, 4 streams, block 256).
 *
 * @param warmupNanos         the least time each schedule's warm-up lasts, beside {@code warmup} runs
 * @param callPathWarmupNanos how long every schedule runs untimed before anything is measured, so
 *                            the JIT has compiled the copy-and-launch path that the sequential
 *                            schedule exposes between its synchronous steps
 * @param start               how each timed run starts: {@link StartMode#PLAIN} as async.cu, or
 *                            {@link StartMode#GATED}, the whole schedule queued behind a gate first
 */
public record OverlapPlan(long elements, int streams, int blockSize, int kernelIterations,
                          List<OverlapSchedule> schedules, int iterations, int warmup, HostMemoryKind memory,
                          long warmupNanos, long callPathWarmupNanos, StartMode start) {
    public static final long ASYNC_CU_ELEMENTS = 4L * 1024 * 256 * 4;
    /**
     * One second: enough for C2 to compile the copy-and-launch path (H200, async.cu's sizes); until
     * then the sequential schedule measured a few percent slower than the same loop in C.
     */
    public static final long CALL_PATH_WARMUP_NANOS = 1_000_000_000L;

    public OverlapPlan {
        schedules = List.copyOf(schedules);
        if (elements < 1) {
            throw new IllegalArgumentException("--elements must be at least 1, not " + elements);
        }
        if (streams < 1 || streams > 1024) {
            throw new IllegalArgumentException("--streams must be 1 to 1024, not " + streams);
        }
        if (elements < streams) {
            throw new IllegalArgumentException(elements + " elements cannot be split over " + streams + " streams");
        }
        if (blockSize < 1 || blockSize > 1024) {
            throw new IllegalArgumentException("--block-size must be 1 to 1024 threads, not " + blockSize);
        }
        if (kernelIterations < 1) {
            throw new IllegalArgumentException("--kernel-iterations must be at least 1, not " + kernelIterations);
        }
        if (schedules.isEmpty()) {
            throw new IllegalArgumentException("--schedules needs at least one of sequential, v1, v2");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("--iterations must be at least 1, not " + iterations);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
        if (!memory.allowsAsyncCopies()) {
            throw new IllegalArgumentException("--memory " + memory + " cannot be used: overlap needs asynchronous copies");
        }
        if (warmupNanos < 0 || callPathWarmupNanos < 0) {
            throw new IllegalArgumentException("a warm-up time must not be negative, not "
                    + Math.min(warmupNanos, callPathWarmupNanos) + " ns");
        }
        java.util.Objects.requireNonNull(start, "start");
        if (start == StartMode.GATED && !memory.isPageLocked()) {
            // A pageable copy may wait on the host for its stream, which the gate holds until the host is done.
            throw new IllegalArgumentException("--start gated needs page-locked host memory (pinned, pinned-huge,"
                    + " registered or write-combined): a " + memory + " copy can block the host behind the held stream");
        }
    }

    /** With a plain start, as async.cu. */
    public OverlapPlan(long elements, int streams, int blockSize, int kernelIterations,
                       List<OverlapSchedule> schedules, int iterations, int warmup, HostMemoryKind memory,
                       long warmupNanos, long callPathWarmupNanos) {
        this(elements, streams, blockSize, kernelIterations, schedules, iterations, warmup, memory, warmupNanos,
                callPathWarmupNanos, StartMode.PLAIN);
    }

    /** With the call path warmed up for {@link #CALL_PATH_WARMUP_NANOS}. */
    public OverlapPlan(long elements, int streams, int blockSize, int kernelIterations,
                       List<OverlapSchedule> schedules, int iterations, int warmup, HostMemoryKind memory,
                       long warmupNanos) {
        this(elements, streams, blockSize, kernelIterations, schedules, iterations, warmup, memory, warmupNanos,
                CALL_PATH_WARMUP_NANOS);
    }

    /** With the usual warm-up time ({@link Warmup#MIN_NANOS}). */
    public OverlapPlan(long elements, int streams, int blockSize, int kernelIterations,
                       List<OverlapSchedule> schedules, int iterations, int warmup, HostMemoryKind memory) {
        this(elements, streams, blockSize, kernelIterations, schedules, iterations, warmup, memory, Warmup.MIN_NANOS);
    }

    /** This plan with its timed runs started as {@code start} says ({@code --start}). */
    public OverlapPlan withStart(StartMode start) {
        return new OverlapPlan(elements, streams, blockSize, kernelIterations, schedules, iterations, warmup, memory,
                warmupNanos, callPathWarmupNanos, start);
    }

    public boolean gated() {
        return start == StartMode.GATED;
    }

    public long bytes() {
        return Math.multiplyExact(elements, (long) Float.BYTES);
    }

    public List<Chunk> chunks() {
        return ChunkPartition.of(elements, streams);
    }

    /**
     * The identity of one schedule's {@code measured} figure: the plan, the schedule and the node.
     * Named {@code overlap.<schedule>.ms} (median), {@code .speedup} (over sequential, when
     * sequential ran), {@code .efficiency} (model ideal / median), {@code .error} (max |a[i] - 1|);
     * with {@code --numa-node all} every name ends in the node, {@code overlap.v1.speedup.node1},
     * so that {@code overlap.v1.speedup} still selects them all. A name leaves out what one run
     * holds fixed.
     */
    public Identity identity(OverlapSchedule schedule, OptionalInt node, String measured) {
        Identity.Builder id = Identity.of("overlap", measured).with(IdentityField.MEMORY, memory.label())
                .with(IdentityField.SCHEDULE, schedule.label()).with(IdentityField.BYTES, bytes())
                .with(IdentityField.ELEMENTS, elements).with(IdentityField.STREAMS, streams)
                .with(IdentityField.BLOCK_SIZE, blockSize)
                .with(IdentityField.KERNEL_ITERATIONS, kernelIterations)
                .with(IdentityField.START, start.label());
        node.ifPresent(n -> id.with(IdentityField.NUMA_NODE, n));
        return id.build();
    }

    /** The names one run of this plan will produce, for {@code --expect} before anything runs. */
    public List<MetricDeclaration> declarations() {
        return declarations(List.of());
    }

    /**
     * The names this plan will produce when run once per node of {@code nameNodes}, each name ending
     * in its node; an empty list is one run with plain names.
     */
    public List<MetricDeclaration> declarations(List<Integer> nameNodes) {
        if (nameNodes.isEmpty()) {
            return declarationsOnce(OptionalInt.empty());
        }
        List<MetricDeclaration> out = new ArrayList<>();
        for (int node : nameNodes) {
            out.addAll(declarationsOnce(OptionalInt.of(node)));
        }
        return out;
    }

    private List<MetricDeclaration> declarationsOnce(OptionalInt node) {
        boolean sequential = schedules.contains(OverlapSchedule.SEQUENTIAL);
        List<MetricDeclaration> out = new ArrayList<>();
        for (OverlapSchedule s : schedules) {
            for (String measured : List.of("milliseconds", "speedup", "efficiency", "maxError")) {
                if (!measured.equals("speedup") || sequential) {
                    Identity id = identity(s, node, measured);
                    out.add(RunResult.declaration(ResultNames.of(id, false, true), Quantity.of(measured).orElseThrow(), false));
                }
            }
        }
        return out;
    }
}
