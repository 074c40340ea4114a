package dev.xfer.app.expect;

import java.util.Objects;

/**
 * A result a command will produce, declared from its plan before anything is measured, so that
 * expectations naming results the run will not produce are rejected up front.
 *
 * @param name    the result's name, as {@link Metric#name()}
 * @param unit    the result's unit
 * @param hasLink whether the result will carry a link rate, which {@code %link} bounds need;
 *                only for {@link MetricUnit#GBPS}
 */
public record MetricDeclaration(String name, MetricUnit unit, boolean hasLink) {

    /**
     * @throws IllegalArgumentException when the name is not a result name in canonical form, or
     *         {@code hasLink} is set for a result not in GB/s
     */
    public MetricDeclaration {
        MetricName.requireCanonical(name);
        Objects.requireNonNull(unit, "unit");
        if (hasLink) {
            LinkRate.requireAllowed(name, unit);
        }
    }

    /** A result without a link rate. */
    public static MetricDeclaration of(String name, MetricUnit unit) {
        return new MetricDeclaration(name, unit, false);
    }

    /** A bandwidth in GB/s over a link whose rate is known. */
    public static MetricDeclaration overLink(String name) {
        return new MetricDeclaration(name, MetricUnit.GBPS, true);
    }

    /** The same declaration named apart, e.g. with {@code .gpu1}, as {@code RunResults#withNameSuffix} names results. */
    public MetricDeclaration withNameSuffix(String suffix) {
        return new MetricDeclaration(name + suffix, unit, hasLink);
    }
}
