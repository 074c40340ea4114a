package dev.xfer.app.expect;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One measured result that expectations can be checked against, such as the H2D bandwidth of
 * pinned memory at 16 MiB.
 *
 * @param name     dot-separated segments, each lower-case letters, digits and {@code -}, or a
 *                 size exactly as {@link dev.xfer.app.units.ByteSize#format()} writes it:
 *                 {@code pinned.h2d.16MiB}, {@code overlap.v1.speedup}
 * @param value    the measured value in {@code unit}; NaN when the measurement produced no
 *                 number, which fails every expectation on it
 * @param unit     the unit of {@code value}
 * @param linkGBps the theoretical per-direction rate of the PCIe link the transfer crossed, in
 *                 GB/s; only for {@link MetricUnit#GBPS} results, empty when the transfer did not
 *                 cross the link or the link rate is unknown
 */
public record Metric(String name, double value, MetricUnit unit, OptionalDouble linkGBps) {

    /**
     * @throws IllegalArgumentException when the name is not a result name in canonical form, or
     *         a link rate is given for a result not in GB/s or is not finite and positive
     */
    public Metric {
        MetricName.requireCanonical(name);
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(linkGBps, "linkGBps");
        if (linkGBps.isPresent()) {
            LinkRate.require(name, unit, linkGBps.getAsDouble());
        }
    }

    /** A result without a link rate. */
    public static Metric of(String name, double value, MetricUnit unit) {
        return new Metric(name, value, unit, OptionalDouble.empty());
    }

    /** A bandwidth in GB/s of a transfer that crossed a link of {@code linkGBps}. */
    public static Metric overLink(String name, double gbps, double linkGBps) {
        return new Metric(name, gbps, MetricUnit.GBPS, OptionalDouble.of(linkGBps));
    }

    /** What a command would have declared for this result before measuring it. */
    public MetricDeclaration declaration() {
        return new MetricDeclaration(name, unit, linkGBps.isPresent());
    }
}
