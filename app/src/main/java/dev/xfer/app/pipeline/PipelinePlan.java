package dev.xfer.app.pipeline;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.RunNames;
import dev.xfer.cuda.HostMemoryKind;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A pipeline run: {@code batches} batches of {@code batchBytes} (floats) stream from host memory
 * through the device (H2D, kernel, D2H of the result) with {@code buffers} device buffers, each on
 * its own stream: 1 is the synchronous loop, 2 double and 3 triple buffering. {@code start} says how
 * a timed run starts: {@link StartMode#PLAIN}, queued batch by batch and timed by the host's clock
 * as a training loop sees it, or {@link StartMode#GATED}, every batch queued behind a gate first
 * and timed by events from its opening.
 */
public record PipelinePlan(int batches, long batchBytes, int kernelIterations, int buffers, int iterations, int warmup,
                           StartMode start) {
    /** --buffers: the device buffers, each with its own stream. */
    public static final int MIN_BUFFERS = 1;
    public static final int MAX_BUFFERS = 3;
    /**
     * Where the batches live on the host: pinned, so the copies are asynchronous and can overlap the
     * kernel. One kind for every run, which Confidential Computing's rules read too.
     */
    public static final HostMemoryKind HOST_MEMORY = HostMemoryKind.PINNED;

    public PipelinePlan {
        if (batches < 1) {
            throw new IllegalArgumentException("--batches must be at least 1, not " + batches);
        }
        if (batchBytes < Float.BYTES || batchBytes % Float.BYTES != 0) {
            throw new IllegalArgumentException("--size must be a whole number of floats (a multiple of 4), not "
                    + batchBytes + " bytes");
        }
        if (kernelIterations < 1) {
            throw new IllegalArgumentException("--kernel-iterations must be at least 1, not " + kernelIterations);
        }
        if (buffers < MIN_BUFFERS || buffers > MAX_BUFFERS) {
            throw new IllegalArgumentException("--buffers must be 1, 2 or 3, not " + buffers);
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("--iterations must be at least 1, not " + iterations);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
        Objects.requireNonNull(start, "start");
    }

    /** With a plain start. */
    public PipelinePlan(int batches, long batchBytes, int kernelIterations, int buffers, int iterations, int warmup) {
        this(batches, batchBytes, kernelIterations, buffers, iterations, warmup, StartMode.PLAIN);
    }

    public boolean gated() {
        return start == StartMode.GATED;
    }

    public long elementsPerBatch() {
        return batchBytes / Float.BYTES;
    }

    public long totalBytes() {
        return Math.multiplyExact(batchBytes, (long) batches);
    }

    /** The measured fields, as the document names them: the time stands for the run, the others are figures of it. */
    static final List<String> MEASURED = List.of("milliseconds", "perBatchMs", "hiddenCopyFraction", "maxError");

    /** The names a run will produce, for {@code --expect} before anything runs: one run measures one configuration. */
    public List<MetricDeclaration> declarations() {
        return MEASURED.stream().map(measured -> RunResult.declaration(name(measured),
                Quantity.of(measured).orElseThrow(), false)).toList();
    }

    /**
     * {@code pipeline.ms} (median total), {@code pipeline.batch-ms}, {@code pipeline.hidden} (share
     * of copy time hidden) and {@code pipeline.error}: one run measures one configuration.
     */
    public static String name(Identity identity) {
        return name(identity.measured());
    }

    private static String name(String measured) {
        return "pipeline." + switch (measured) {
            case "milliseconds" -> "ms";
            case "perBatchMs" -> "batch-ms";
            case "hiddenCopyFraction" -> "hidden";
            case "maxError" -> "error";
            default -> throw new IllegalArgumentException("pipeline measures no " + measured);
        };
    }

    /** The names its run hands its results on under ({@link #name}), all of its one configuration: {@code pipeline.buffers-N}. */
    RunNames names() {
        return new RunNames() {
            @Override
            public Optional<String> name(Identity identity) {
                return Optional.of(PipelinePlan.name(identity));
            }

            @Override
            public String configuration(Identity identity) {
                return "pipeline.buffers-" + buffers;
            }
        };
    }
}
