package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.units.Rate;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One configuration copied by every selected GPU at once ({@code --concurrent}): each GPU's own
 * rate while the others copied, and what they moved together. Its results are named
 * {@code concurrent.pinned.h2d.16MiB.gpuN}, each GPU's median while all copied ({@code %link} where
 * its link is known), and {@code concurrent.pinned.h2d.16MiB.all}, the median aggregate (GB/s only:
 * it spans several links).
 *
 * @param memory        the host memory kind's label ({@code pinned})
 * @param direction     {@code h2d} or {@code d2h}
 * @param bytes         bytes per copy, per GPU
 * @param gpus          each GPU's share, in the order the devices were selected
 * @param aggregateGbps per iteration, all GPUs' bytes over the time from the earliest start to the
 *                      latest end on the host clock, GB/s
 * @param aloneGbpsSum  the sum of each GPU's median rate measured alone, when every GPU has one
 */
public record ConcurrentResult(String memory, String direction, long bytes, List<GpuShare> gpus,
                               Summary aggregateGbps, OptionalDouble aloneGbpsSum) {

    public ConcurrentResult {
        gpus = List.copyOf(gpus);
        Objects.requireNonNull(aggregateGbps, "aggregateGbps");
        Objects.requireNonNull(aloneGbpsSum, "aloneGbpsSum");
        if (gpus.size() < 2) {
            throw new IllegalArgumentException("copying at once needs at least two GPUs, not " + gpus.size());
        }
    }

    /**
     * One GPU's part of a concurrent configuration.
     *
     * @param device             the CUDA index
     * @param gigabytesPerSecond per-iteration rates by the run's timer, 1e9 bytes/s;
     *                           {@link Summarized.Unsummarizable} when the timer gave NaN or no time, a
     *                           failed result with its reason (and {@code microseconds} the same)
     * @param microseconds       per-iteration copy times
     * @param percentOfLink      the median rate as a percentage of this GPU's link; empty when unknown
     * @param verified           whether this GPU's data went over and back intact
     */
    public record GpuShare(int device, Summarized gigabytesPerSecond, Summarized microseconds, OptionalDouble percentOfLink,
                           boolean verified) {
        public GpuShare {
            Objects.requireNonNull(gigabytesPerSecond, "gigabytesPerSecond");
            Objects.requireNonNull(microseconds, "microseconds");
            Objects.requireNonNull(percentOfLink, "percentOfLink");
        }
    }

    /** This result with the sum of the GPUs' rates alone, for comparison. */
    public ConcurrentResult withAlone(OptionalDouble sum) {
        return new ConcurrentResult(memory, direction, bytes, gpus, aggregateGbps, sum);
    }

    /** Whether every GPU's timer gave times: only then does the configuration have a {@code concurrent} row. */
    public boolean measured() {
        return gpus.stream().allMatch(g -> g.gigabytesPerSecond().measured().isPresent());
    }

    /** A GPU's share that has no figure: the configuration on that device, and why. */
    public record NotMeasured(String configuration, String reason) {
    }

    /** Each GPU's share whose timer gave no time, in the devices' order. */
    public List<NotMeasured> unmeasured() {
        return gpus.stream().flatMap(g -> g.gigabytesPerSecond().whyNot()
                .map(why -> new NotMeasured("concurrent " + configuration() + " on device " + g.device(), why)).stream())
                .toList();
    }

    /** Whether every GPU's data came back right. */
    public boolean verified() {
        return gpus.stream().allMatch(GpuShare::verified);
    }

    /** The configuration as people name it, e.g. {@code pinned h2d 16777216 B}. */
    public String configuration() {
        return memory + " " + direction + " " + bytes + " B";
    }

    /**
     * Per iteration, the seconds from the earliest start to the latest end over all GPUs.
     *
     * @param startNanos per GPU, per iteration: the host clock just before the copy was issued
     * @param endNanos   per GPU, per iteration: the host clock once the copy had finished
     * @throws IllegalArgumentException without GPUs, with GPUs of different iteration counts, or
     *         an iteration whose latest end is not after its earliest start
     */
    public static double[] aggregateSeconds(long[][] startNanos, long[][] endNanos) {
        if (startNanos.length == 0 || startNanos.length != endNanos.length) {
            throw new IllegalArgumentException("one row of starts and one of ends per GPU, at least one GPU");
        }
        int iterations = startNanos[0].length;
        for (int g = 0; g < startNanos.length; g++) {
            if (startNanos[g].length != iterations || endNanos[g].length != iterations) {
                throw new IllegalArgumentException("GPU " + g + " has another iteration count than GPU 0");
            }
        }
        double[] seconds = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            long earliest = Long.MAX_VALUE;
            long latest = Long.MIN_VALUE;
            for (int g = 0; g < startNanos.length; g++) {
                earliest = Math.min(earliest, startNanos[g][i]);
                latest = Math.max(latest, endNanos[g][i]);
            }
            if (latest - earliest <= 0) {
                throw new IllegalArgumentException("iteration " + i + " ends before it starts");
            }
            seconds[i] = (latest - earliest) / 1e9;
        }
        return seconds;
    }

    /** Per-iteration aggregate rates: {@code gpus * bytes} over {@link #aggregateSeconds}. */
    public static Summary aggregateRates(long bytesPerGpu, long[][] startNanos, long[][] endNanos) {
        long total = Math.multiplyExact(bytesPerGpu, (long) startNanos.length);
        return Summary.ofRates(total, aggregateSeconds(startNanos, endNanos));
    }

    /**
     * The sum of each GPU's median rate alone, from the per-device results of the same memory
     * kind, direction and size; empty when any GPU lacks one.
     *
     * @param aloneMedians each GPU's median, empty where it was not measured
     */
    public static OptionalDouble aloneSum(List<OptionalDouble> aloneMedians) {
        double sum = 0;
        for (OptionalDouble median : aloneMedians) {
            if (median.isEmpty()) {
                return OptionalDouble.empty();
            }
            sum += median.getAsDouble();
        }
        return aloneMedians.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(sum);
    }

    /** The percentage of {@code linkGBps} that {@code gbps} is, when the link is known. */
    static OptionalDouble percentOf(double gbps, OptionalDouble linkGBps) {
        return linkGBps.isPresent() ? OptionalDouble.of(Rate.percentOfLink(gbps, linkGBps.getAsDouble()))
                : OptionalDouble.empty();
    }

    /**
     * The identity of one GPU's rate while all copied ({@code gpu} given) or of the aggregate
     * (empty), as the document's {@code concurrent} rows say it.
     */
    public static Identity identity(String memory, String direction, long bytes, OptionalInt gpu) {
        Identity.Builder id = Identity.of(Identity.BANDWIDTH, gpu.isPresent() ? "gbps" : "aggregateGbps")
                .with(IdentityField.MEMORY, memory).with(IdentityField.DIRECTION, direction)
                .with(IdentityField.PATTERN, "concurrent").with(IdentityField.BYTES, bytes);
        gpu.ifPresent(g -> id.with(IdentityField.GPU, g));
        return id.build();
    }
}
