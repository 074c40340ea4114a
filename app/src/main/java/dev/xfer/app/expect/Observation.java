package dev.xfer.app.expect;

import java.util.Objects;

/** What an expectation found for one selected result: a value in its unit, or why there is none. */
public sealed interface Observation {

    /**
     * The result's value converted into the expectation's unit.
     *
     * @param value the converted value; NaN when the measurement produced no number
     */
    record Value(double value) implements Observation {
    }

    /**
     * No value to compare: the result was declared but not measured, or a {@code %link} bound
     * met a result without a link rate. Always a failure.
     *
     * @param reason a few words for the outcome line, such as {@code not measured}
     */
    record Missing(String reason) implements Observation {
        public Missing {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The run stopped early (a signal, the time limit) before the result was measured: neither
     * passed nor failed. Reports name it {@code NOT EVALUATED}; the run's exit code says it stopped.
     *
     * @param reason a few words for the outcome line
     */
    record NotEvaluated(String reason) implements Observation {
        public NotEvaluated {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
