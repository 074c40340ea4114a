package dev.xfer.app.result;

import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * THE result record: one measured quantity of one configuration. Every format (JSON, CSV,
 * JUnit, OpenMetrics), every verdict (expect, compare, fleet) and every chart derives from it.
 *
 * @param identity       what was measured
 * @param quantity       the unit; {@code summary} is in its base unit
 * @param summary        over the measured iterations, in the base unit; an
 *                       {@link Summarized.Unsummarizable} with its reason for a configuration that
 *                       gave no figure (its check then failed), never a NaN that could pass
 * @param check          the configuration's own data check
 * @param allocations    the host allocations it was the best of, when it was measured on several
 */
public record Result(Identity identity, Quantity quantity, Summarized summary, CheckOutcome check,
                     Optional<HostAllocations> allocations) {

    public Result {
        Objects.requireNonNull(summary, "summary");
    }

    /** A result measured on one host allocation (or one that has none). */
    public Result(Identity identity, Quantity quantity, Summarized summary, CheckOutcome check) {
        this(identity, quantity, summary, check, Optional.empty());
    }

    /** (best - worst) / best of its host allocations; empty for one allocation or none. */
    public OptionalDouble allocationSpread() {
        return allocations.map(a -> OptionalDouble.of(a.spread())).orElse(OptionalDouble.empty());
    }

    /**
     * A result of {@code identity}'s measured field, its figures given in the unit the document
     * shows that field in (GB/s, ms, ...), as engines measure them.
     */
    public static Result shown(Identity identity, Summarized shown, CheckOutcome check) {
        Quantity quantity = Quantity.of(identity.measured()).orElseGet(() -> Quantity.unknown(identity.measured()));
        return new Result(identity, quantity, converted(shown, quantity::toBase), check);
    }

    public boolean higherIsBetter() {
        return quantity.higherIsBetter();
    }

    /** The summary in the base unit, or empty when the configuration gave no figure. */
    public Optional<Summary> measured() {
        return summary.measured();
    }

    /** The summary in the display unit ({@code GB/s}, {@code us}, {@code ms}), or empty when not measured. */
    public Optional<Summary> displayed() {
        return summary.measured().map(s -> s.converted(quantity::fromBase));
    }

    private static Summarized converted(Summarized figures, java.util.function.DoubleUnaryOperator unit) {
        return switch (figures) {
            case Summary s -> s.converted(unit);
            case Summarized.Unsummarizable no -> no;
        };
    }
}
