package dev.xfer.app.expect;

import java.util.Optional;

/** The operator of an expectation: how a measured value must relate to the bound. */
public enum Relation {
    /** {@code >=} */
    AT_LEAST(">="),
    /** {@code >} */
    ABOVE(">"),
    /** {@code <=} */
    AT_MOST("<="),
    /** {@code <} */
    BELOW("<"),
    /** {@code ==}, exact equality of doubles: meant for counts, where values are whole numbers. */
    EQUAL("=="),
    /** {@code !=}, exact inequality of doubles. */
    NOT_EQUAL("!=");

    private final String symbol;

    Relation(String symbol) {
        this.symbol = symbol;
    }

    /** How the operator is written: {@code >=}. */
    public String symbol() {
        return symbol;
    }

    /**
     * Whether {@code measured} relates to {@code bound} as this operator says. A NaN measurement
     * fails every operator, {@code !=} included: a value that was not obtained meets nothing.
     */
    public boolean test(double measured, double bound) {
        if (Double.isNaN(measured) || Double.isNaN(bound)) {
            return false;
        }
        return switch (this) {
            case AT_LEAST -> measured >= bound;
            case ABOVE -> measured > bound;
            case AT_MOST -> measured <= bound;
            case BELOW -> measured < bound;
            case EQUAL -> measured == bound;
            case NOT_EQUAL -> measured != bound;
        };
    }

    /** The operator written as {@code symbol}, if there is one. */
    static Optional<Relation> fromSymbol(String symbol) {
        for (Relation c : values()) {
            if (c.symbol.equals(symbol)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
