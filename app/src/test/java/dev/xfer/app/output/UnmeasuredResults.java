package dev.xfer.app.output;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a run's results say of a configuration whose samples gave no figure. */
public final class UnmeasuredResults {
    private UnmeasuredResults() {
    }

    /**
     * The run fails (exit 1, as a failed check): {@code name}'s JUnit case fails with
     * {@code reason} and reads "not measured", and an {@code --expect} on it, of a bound any figure
     * would meet, fails.
     *
     * @param name     the configuration's name, its JUnit case's and its {@code --expect} name alike
     * @param declared what the run declares before measuring, so the expectation is checked as a run checks it
     */
    public static void assertFailedWith(RunResults results, String name, String reason,
                                        Collection<MetricDeclaration> declared) {
        assertFailedWith(results, name, name, reason, declared);
    }

    /** As above, for a configuration whose JUnit case ({@code configuration}) and {@code --expect} name ({@code metric}) differ. */
    public static void assertFailedWith(RunResults results, String configuration, String metric, String reason,
                                        Collection<MetricDeclaration> declared) {
        String name = configuration;
        assertFalse(results.allPassed(), "exit 1, as a failed check");
        List<MeasuredConfiguration> failed = results.configurations().stream().filter(c -> c.name().equals(name)).toList();
        assertEquals(1, failed.size(), results.configurations().toString());
        assertEquals(Optional.of(reason), failed.getFirst().failure());
        assertTrue(failed.getFirst().summary().contains("not measured"), failed.getFirst().summary());
        List<ExpectationOutcome> outcomes = ExpectationSet.parse(List.of(metric + " >= 0")).validate(declared)
                .evaluate(results.metrics());
        // A name also selects the results it is a prefix of (a pattern's aggregate): every one fails.
        assertFalse(outcomes.isEmpty(), "the expectation selects the result");
        assertTrue(outcomes.stream().noneMatch(ExpectationOutcome::passed), outcomes.toString());
    }
}
