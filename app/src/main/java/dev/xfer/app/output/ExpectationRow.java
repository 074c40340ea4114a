package dev.xfer.app.output;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.format.NullWhenEmpty;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One expectation's outcome under a document's {@code expectations}; {@code evaluated} only on a
 * run that stopped early (a complete run's outcomes are all evaluated).
 */
public record ExpectationRow(String expectation, String result, @NullWhenEmpty OptionalDouble measured, double bound,
                             String unit, boolean passed, String line, Optional<Boolean> evaluated) {

    public static ExpectationRow of(ExpectationOutcome o) {
        return new ExpectationRow(o.expectation().toString(), o.metricName(), o.measured(), o.bound(),
                o.unitSymbol(), o.passed(), o.line(), o.evaluated() ? Optional.empty() : Optional.of(false));
    }

    public static List<ExpectationRow> of(List<ExpectationOutcome> outcomes) {
        return outcomes.stream().map(ExpectationRow::of).toList();
    }
}
