package dev.xfer.app.check;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.xfer.app.output.DocumentParts;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/** check's parts of its document, as records: the plan and one row per scenario. */
public final class CheckDocument {
    private CheckDocument() {
    }

    /** The records check's documents bind back into: its plan and its rows. */
    public static DocumentParts parts() {
        return DocumentParts.of(Plan.class, ScenarioRow.class);
    }

    /** The document of one GPU's check run. */
    public static GpuDocument of(CheckResults report) {
        return GpuDocument.of("check", report.context(), Plan.of(report.plan()), rows(report), List.of());
    }

    /** {@code parameters}: the plan, with the period of the pattern the copies carry. */
    public record Plan(long elements, long bytes, int trials, String memory, long period, int readers,
                       List<String> scenarios) implements Parameters {
        public Plan {
            scenarios = List.copyOf(scenarios);
        }

        public static Plan of(CheckPlan plan) {
            return new Plan(plan.elements(), plan.bytes(), plan.trials(), plan.memory().label(), CheckPlan.PERIOD,
                    plan.readers(), plan.scenarios().stream().map(CheckScenario::id).toList());
        }

        /** What every scenario's row ran with; the scenarios are each row's own. */
        @Override
        public void identity(IdentityFields into) {
            into.count(IdentityField.ELEMENTS, "elements", elements).count(IdentityField.BYTES, "bytes", bytes)
                    .count(IdentityField.TRIALS, "trials", trials).word(IdentityField.MEMORY, "memory", memory);
        }
    }

    /**
     * One scenario's tally. {@code maxError} is {@code null} when the host saw poison (no finite
     * error), which {@code poisonSeen} says; {@code verdict} is the {@link Conclusion}; {@code seconds},
     * always written, is absent in documents from before check timed its scenarios (as the figures
     * past {@code trials} and {@code wrongTrials} that the schema leaves out for older documents).
     */
    public record ScenarioRow(String scenario, @JsonProperty("synchronized") boolean isSynchronized, int trials,
                              OptionalInt copyInFlightTrials, int wrongTrials, OptionalDouble staleMean,
                              OptionalLong staleWorst, OptionalDouble staleFractionWorst,
                              @JsonInclude(ALWAYS) OptionalDouble maxError, Optional<Boolean> poisonSeen,
                              String verdict, Optional<Seconds> seconds) implements Row {
        static ScenarioRow of(CheckResult r) {
            return new ScenarioRow(r.scenario().id(), r.scenario().isSynchronized(), r.trials(),
                    OptionalInt.of(r.inFlightTrials()), r.wrongTrials(), OptionalDouble.of(r.staleMean()),
                    OptionalLong.of(r.staleWorst()), OptionalDouble.of(r.staleFractionWorst()),
                    Double.isFinite(r.maxError()) ? OptionalDouble.of(r.maxError()) : OptionalDouble.empty(),
                    Optional.of(Double.isInfinite(r.maxError())), r.conclusion().verdict(),
                    Optional.of(Seconds.of(r.times())));
        }

        /** The scenario's wrong trials, judged by its verdict: its other tallies describe them. */
        @Override
        public List<Result> results(RowScope scope) {
            return figures(scope).results();
        }

        private RowFigures figures(RowScope scope) {
            return scope.figures().word(IdentityField.SCENARIO, "scenario", scenario)
                    .count(IdentityField.TRIALS, "trials", trials).verdict(verdict).tally(CheckPlan.WRONG_TRIALS,
                            wrongTrials);
        }

        /**
         * What a run hands on while it measures: the scenario's wrong trials, its check in the run's
         * words ({@code 100 trials, 100 with the copy in flight: race observed as expected}, or, where
         * wrong data fail the run, {@code WRONG DATA despite synchronization: 4 of 100 trials wrong}).
         */
        RowFigures handedOn(RowScope scope) {
            Conclusion conclusion = Conclusion.ofVerdict(verdict);
            return figures(scope).checked(conclusion.failsTheRun()
                    ? CheckOutcome.failed(conclusion.text() + ": " + wrongTrials + " of " + trials + " trials wrong")
                    : CheckOutcome.passed(String.format(Locale.ROOT, "%d trials, %d with the copy in flight: %s", trials,
                    copyInFlightTrials.getAsInt(), conclusion.text())));
        }

        @Override
        public MeasuringDocument.Row status() {
            return RowStatus.judged(true).named(scenario).tally(isSynchronized, trials, wrongTrials, maxError, verdict)
                    .row();
        }

        /**
         * Its first five values, as a gate has always shown a {@code failures} entry of check's
         * (which binds its failures as its rows; no run writes one).
         */
        @Override
        public String failureLine() {
            List<String> values = new ArrayList<>(List.of("scenario " + scenario, "synchronized " + isSynchronized,
                    "trials " + trials));
            copyInFlightTrials.ifPresent(n -> values.add("copyInFlightTrials " + n));
            values.add("wrongTrials " + wrongTrials);
            staleMean.ifPresent(v -> values.add("staleMean " + v));
            staleWorst.ifPresent(v -> values.add("staleWorst " + v));
            staleFractionWorst.ifPresent(v -> values.add("staleFractionWorst " + v));
            maxError.ifPresent(v -> values.add("maxError " + v));
            poisonSeen.ifPresent(v -> values.add("poisonSeen " + v));
            values.add("verdict " + verdict);
            return String.join(", ", values.subList(0, Math.min(5, values.size())));
        }
    }

    /** Where a scenario's time went, summed over its trials (all 0 when not timed). */
    public record Seconds(double total, double prepare, double copy, double hostAccess, double verify) {
        static Seconds of(CheckTimes t) {
            return new Seconds(t.total(), t.prepare(), t.copy(), t.hostAccess(), t.verify());
        }
    }

    /** One row per scenario, as check's document and smoke's hold them. */
    public static List<ScenarioRow> rows(CheckResults report) {
        return report.results().stream().map(ScenarioRow::of).toList();
    }

    /**
     * The wrong trials of every scenario of {@code rows} that synchronizes, summed: what a run hands
     * on as {@code check.synchronized.wrong}, which no row holds and nothing checks (each scenario is
     * judged on its own); empty when none synchronizes.
     */
    static Optional<RowFigures> synchronizedWrong(RowScope scope, List<ScenarioRow> rows) {
        List<ScenarioRow> synchronizing = rows.stream().filter(ScenarioRow::isSynchronized).toList();
        return synchronizing.isEmpty() ? Optional.empty() : Optional.of(scope.figures()
                .word(IdentityField.SCENARIO, "scenario", CheckPlan.ALL_SYNCHRONIZED)
                .tally(CheckPlan.WRONG_TRIALS, synchronizing.stream().mapToLong(ScenarioRow::wrongTrials).sum()));
    }
}
