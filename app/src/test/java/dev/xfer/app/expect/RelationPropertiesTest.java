package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class RelationPropertiesTest {

    @Property
    void passesExactlyWhenTheRelationHolds(@ForAll Relation op, @ForAll("values") double measured,
                                           @ForAll("values") double bound) {
        assertEquals(holds(op, measured, bound), op.test(measured, bound),
                () -> measured + " " + op.symbol() + " " + bound);
    }

    @Property
    void passesExactlyWhenTheRelationHoldsForNearbyValues(@ForAll Relation op, @ForAll("values") double bound,
                                                          @ForAll("steps") int steps) {
        // Neighbouring doubles are where a tolerance or a rounding would show.
        double measured = bound;
        for (int i = 0; i < Math.abs(steps); i++) {
            measured = steps < 0 ? Math.nextDown(measured) : Math.nextUp(measured);
        }
        assertEquals(holds(op, measured, bound), op.test(measured, bound));
    }

    @Property
    void nanFailsEveryOperator(@ForAll Relation op, @ForAll("values") double bound) {
        assertFalse(op.test(Double.NaN, bound));
    }

    @Property
    void anOutcomeApplyingAnExpectationPassesExactlyWhenTheRelationHolds(
            @ForAll Relation op, @ForAll("values") double measured, @ForAll("finite") double bound) {
        Expectation e = new Expectation("a", op, bound, BoundUnit.NONE);
        ExpectationOutcome outcome = new ExpectationOutcome(e, "a", MetricUnit.NUMBER, new Observation.Value(measured));
        assertEquals(holds(op, measured, e.value()), outcome.passed());
        assertEquals(outcome.passed(), outcome.line().startsWith("PASS "));
    }

    /** The relation on the real numbers, and on infinities by their order; NaN relates to nothing. */
    private static boolean holds(Relation op, double measured, double bound) {
        if (Double.isNaN(measured) || Double.isNaN(bound)) {
            return false;
        }
        int order = compare(measured, bound);
        return switch (op) {
            case AT_LEAST -> order >= 0;
            case ABOVE -> order > 0;
            case AT_MOST -> order <= 0;
            case BELOW -> order < 0;
            case EQUAL -> order == 0;
            case NOT_EQUAL -> order != 0;
        };
    }

    // Exact decimal comparison, independent of double arithmetic; -0 equals 0 as numbers.
    private static int compare(double a, double b) {
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return Integer.compare(rank(a), rank(b));
        }
        return new BigDecimal(a).compareTo(new BigDecimal(b));
    }

    private static int rank(double v) {
        return v == Double.POSITIVE_INFINITY ? 1 : v == Double.NEGATIVE_INFINITY ? -1 : 0;
    }

    @Provide
    Arbitrary<Double> values() {
        return Arbitraries.oneOf(
                finite(),
                Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    }

    @Provide
    Arbitrary<Double> finite() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().filter(Double::isFinite),
                Arbitraries.integers().between(-3, 3).map(Integer::doubleValue),
                Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 0.3));
    }

    @Provide
    Arbitrary<Integer> steps() {
        return Arbitraries.integers().between(-2, 2);
    }
}
