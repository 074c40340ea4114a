package dev.xfer.app.result;

/**
 * THE result record: one measured quantity of one configuration. Every format (JSON, CSV,
 * JUnit, OpenMetrics), every verdict (expect, compare, fleet) and every chart derives from it.
 *
 * @param identity       what was measured
 * @param quantity       the unit; {@code statistics} are in its base unit
 * @param statistics     over the measured iterations, in the base unit
 * @param check          the configuration's own data check
 * @param allocations    the host allocations it was the best of, when it was measured on several
 */
public record Result(Identity identity, Quantity quantity, Statistics statistics, CheckOutcome check,
                     java.util.Optional<HostAllocations> allocations) {

    /** A result measured on one host allocation (or one that has none). */
    public Result(Identity identity, Quantity quantity, Statistics statistics, CheckOutcome check) {
        this(identity, quantity, statistics, check, java.util.Optional.empty());
    }

    /** (best - worst) / best of its host allocations; empty for one allocation or none. */
    public java.util.OptionalDouble allocationSpread() {
        return allocations.map(a -> java.util.OptionalDouble.of(a.spread())).orElse(java.util.OptionalDouble.empty());
    }

    /**
     * A result of {@code identity}'s measured field, its statistics given in the unit the
     * document shows that field in (GB/s, ms, ...), as engines measure them.
     */
    public static Result shown(Identity identity, Statistics shown, CheckOutcome check) {
        Quantity quantity = Quantity.of(identity.measured()).orElseGet(() -> Quantity.unknown(identity.measured()));
        return new Result(identity, quantity, shown.converted(quantity::toBase), check);
    }

    public boolean higherIsBetter() {
        return quantity.higherIsBetter();
    }

    /** The median in the base unit (bytes per second, seconds, ...). */
    public double median() {
        return statistics.median();
    }

    /** The statistics in the display unit ({@code GB/s}, {@code us}, {@code ms}). */
    public Statistics displayed() {
        return statistics.converted(quantity::fromBase);
    }
}
