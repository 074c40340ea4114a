package dev.xfer.app.results;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.report.Json;

import java.util.ArrayList;
import java.util.List;

/** Expectation outcomes as JSON values. */
public final class OutcomesJson {
    private OutcomesJson() {
    }

    public static List<Object> of(List<ExpectationOutcome> outcomes) {
        List<Object> rows = new ArrayList<>();
        for (ExpectationOutcome o : outcomes) {
            rows.add(Json.object(
                    "expectation", o.expectation().toString(),
                    "result", o.metricName(),
                    "measured", o.measured().isPresent() ? o.measured().getAsDouble() : null,
                    "bound", o.bound(),
                    "unit", o.unitSymbol(),
                    "passed", o.passed(),
                    "line", o.line()));
        }
        return rows;
    }
}
