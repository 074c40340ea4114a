package dev.xfer.app.expect;

import java.util.Objects;

/**
 * One {@code --expect} option: a bound that every selected result must meet, such as
 * {@code pinned.h2d >= 45GB/s}. The grammar is in the package documentation and in
 * {@link ExpectationGrammar#grammarHelp()}.
 *
 * @param name  a result name, or a prefix of whole segments selecting every result that starts
 *              with it; canonical, with sizes as {@link dev.xfer.app.units.ByteSize#format()}
 *              writes them
 * @param op    how each selected result must compare with the bound
 * @param value the bound, a finite number in {@code unit}
 * @param unit  the unit of the bound; {@link BoundUnit#NONE} for the result's own unit
 */
public record Expectation(String name, Relation op, double value, BoundUnit unit) {

    /**
     * @throws IllegalArgumentException when the name is not a canonical result name or the value
     *         is not finite
     */
    public Expectation {
        MetricName.requireCanonical(name);
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(unit, "unit");
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("the bound must be a finite number, got " + value);
        }
        // -0 and 0 compare equal and print alike, so they must also be one and the same bound.
        value = value + 0.0;
    }

    /**
     * Reads {@code NAME OP VALUE[UNIT]}, such as {@code pinned.h2d.16MiB >= 45GB/s}.
     *
     * @throws ExpectationSyntaxException when the text does not follow the grammar; the message
     *         is one line naming the text and the problem
     */
    public static Expectation parse(String text) {
        return ExpectationParser.parse(text);
    }

    /**
     * Whether this expectation applies to the result named {@code metricName}: the names are equal,
     * or this name is a prefix of it that ends at a segment boundary.
     */
    public boolean selects(String metricName) {
        return MetricName.parse(metricName).startsWith(MetricName.parse(name));
    }

    /** The canonical form, which {@link #parse(String)} reads back as an equal expectation. */
    @Override
    public String toString() {
        return name + " " + op.symbol() + " " + DecimalText.canonical(value) + unit.symbol();
    }
}
