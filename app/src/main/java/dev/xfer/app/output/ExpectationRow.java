package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.expect.ExpectationOutcome;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * One expectation's outcome under a document's {@code expectations}; {@code evaluated} only on a
 * run that stopped early (a complete run's outcomes are all evaluated). xfer always writes
 * {@code result}, {@code bound} and {@code unit}; the schema lets them be null or absent, and so
 * does this record when it binds a document.
 */
public record ExpectationRow(String expectation, @JsonInclude(ALWAYS) Optional<String> result,
                             @JsonInclude(ALWAYS) OptionalDouble measured, @JsonInclude(ALWAYS) OptionalDouble bound,
                             @JsonInclude(ALWAYS) Optional<String> unit, boolean passed, String line,
                             Optional<Boolean> evaluated) {

    public static ExpectationRow of(ExpectationOutcome o) {
        return new ExpectationRow(o.expectation().toString(), Optional.ofNullable(o.metricName()), o.measured(),
                Double.isFinite(o.bound()) ? OptionalDouble.of(o.bound()) : OptionalDouble.empty(),
                Optional.ofNullable(o.unitSymbol()), o.passed(), o.line(),
                o.evaluated() ? Optional.empty() : Optional.of(false));
    }

    public static List<ExpectationRow> of(List<ExpectationOutcome> outcomes) {
        return outcomes.stream().map(ExpectationRow::of).toList();
    }
}
