package dev.xfer.app.output;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.format.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Expectation outcomes as JSON values. */
public final class OutcomesJson {
    private OutcomesJson() {
    }

    public static List<Object> of(List<ExpectationOutcome> outcomes) {
        List<Object> rows = new ArrayList<>();
        for (ExpectationOutcome o : outcomes) {
            Map<String, Object> row = Json.object(
                    "expectation", o.expectation().toString(),
                    "result", o.metricName(),
                    "measured", o.measured().isPresent() ? o.measured().getAsDouble() : null,
                    "bound", o.bound(),
                    "unit", o.unitSymbol(),
                    "passed", o.passed(),
                    "line", o.line());
            if (!o.evaluated()) {
                // Only on a run that stopped early: a complete run's outcomes are all evaluated.
                row.put("evaluated", false);
            }
            rows.add(row);
        }
        return rows;
    }
}
