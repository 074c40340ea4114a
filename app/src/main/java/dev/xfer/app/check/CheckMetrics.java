package dev.xfer.app.check;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Check results by name: {@code check.<scenario>.wrong} (trials with wrong data) and
 * {@code check.synchronized.wrong}, the sum over the scenarios that synchronize (its identity's
 * scenario is {@code synchronized}, a word no scenario has).
 */
public final class CheckMetrics {
    static final String SYNCHRONIZED = "check.synchronized.wrong";
    private static final String WRONG_TRIALS = "wrongTrials";
    private static final String ALL_SYNCHRONIZED = "synchronized";

    private CheckMetrics() {
    }

    public static List<MetricDeclaration> declare(CheckPlan plan) {
        List<MetricDeclaration> out = new ArrayList<>();
        Quantity count = Quantity.of(WRONG_TRIALS).orElseThrow();
        for (CheckScenario s : plan.scenarios()) {
            out.add(RunResult.declaration(ResultNames.of(identity(plan, s.id(), plan.trials())), count, false));
        }
        if (plan.scenarios().stream().anyMatch(CheckScenario::isSynchronized)) {
            out.add(RunResult.declaration(ResultNames.of(identity(plan, ALL_SYNCHRONIZED, plan.trials())), count, false));
        }
        return out;
    }

    /** The identity of a scenario's count of wrong trials, as the document's rows are read back. */
    public static Identity identity(CheckPlan plan, String scenario, long trials) {
        return Identity.of("check", WRONG_TRIALS).with(IdentityField.SCENARIO, scenario)
                .with(IdentityField.MEMORY, plan.memory().label()).with(IdentityField.BYTES, plan.bytes())
                .with(IdentityField.ELEMENTS, plan.elements()).with(IdentityField.TRIALS, trials).build();
    }

    public static RunResults results(CheckResults report) {
        List<RunResult> out = new ArrayList<>();
        long synchronizedWrong = 0;
        boolean anySynchronized = false;
        for (CheckResult r : report.results()) {
            Identity id = identity(report.plan(), r.scenario().id(), r.trials());
            CheckOutcome check = r.conclusion().failsTheRun() ? CheckOutcome.failed(r.conclusion().text() + ": "
                    + r.wrongTrials() + " of " + r.trials() + " trials wrong")
                    : CheckOutcome.passed(String.format(Locale.ROOT, "%d trials, %d with the copy in flight: %s",
                    r.trials(), r.inFlightTrials(), r.conclusion().text()));
            out.add(RunResult.configuration(ResultNames.of(id), RunResult.single(id, r.wrongTrials(), check),
                    "check." + r.scenario().id()));
            if (r.scenario().isSynchronized()) {
                anySynchronized = true;
                synchronizedWrong += r.wrongTrials();
            }
        }
        if (anySynchronized) {
            Identity sum = identity(report.plan(), ALL_SYNCHRONIZED, report.plan().trials());
            out.add(RunResult.figure(ResultNames.of(sum), RunResult.single(sum, synchronizedWrong,
                    CheckOutcome.NOT_CHECKED)));
        }
        return RunResults.of("check", out);
    }
}
