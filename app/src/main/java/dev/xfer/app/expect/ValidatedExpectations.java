package dev.xfer.app.expect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Expectations checked against what a run will produce (see {@link ExpectationSet#validate}),
 * ready to be evaluated once the results are in.
 */
public final class ValidatedExpectations {

    /** An expectation and the declared results it selects, in declaration order. */
    record Selection(WrittenExpectation written, List<MetricDeclaration> selected) {
        Selection {
            selected = List.copyOf(selected);
        }
    }

    private final List<Selection> selections;
    private final Map<String, MetricDeclaration> declared;

    ValidatedExpectations(List<Selection> selections, Map<String, MetricDeclaration> declared) {
        this.selections = List.copyOf(selections);
        // In declaration order: the names a stopped run did not measure are listed in it.
        this.declared = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(declared));
    }

    /** Every result name the run was declared to produce, in the order declared. */
    public List<String> declaredNames() {
        return List.copyOf(declared.keySet());
    }

    /** The expectations in the order given. */
    public List<Expectation> expectations() {
        return selections.stream().map(s -> s.written().expectation()).toList();
    }

    /**
     * One outcome per expectation and selected result: expectations in the order given, results
     * in the order declared. A declared result missing from {@code measured} fails as
     * {@code not measured}; one measured as NaN fails too.
     *
     * @throws IllegalArgumentException when {@code measured} names a result twice, names one that
     *         was not declared, or gives one in another unit than declared: the command's
     *         declarations and measurements disagree, a bug, not a failed expectation
     */
    public List<ExpectationOutcome> evaluate(List<Metric> measured) {
        return evaluate(measured, true);
    }

    /**
     * {@link #evaluate(List)} for a run that may have stopped early: when it did ({@code complete}
     * false), a declared result missing from {@code measured} is {@link Observation.NotEvaluated}, not a failure.
     */
    public List<ExpectationOutcome> evaluate(List<Metric> measured, boolean complete) {
        Map<String, Metric> byName = checkedByName(measured);
        List<ExpectationOutcome> outcomes = new ArrayList<>();
        for (Selection selection : selections) {
            Expectation expectation = selection.written().expectation();
            for (MetricDeclaration d : selection.selected()) {
                outcomes.add(new ExpectationOutcome(expectation, d.name(), d.unit(),
                        byName.get(d.name()) == null && !complete
                                ? new Observation.NotEvaluated("the run stopped before it was measured")
                                : observation(expectation, byName.get(d.name()))));
            }
        }
        return List.copyOf(outcomes);
    }

    private static Observation observation(Expectation expectation, Metric metric) {
        if (metric == null) {
            return new Observation.Missing("not measured");
        }
        OptionalDouble value = expectation.unit().convert(metric);
        return value.isPresent()
                ? new Observation.Value(value.getAsDouble())
                : new Observation.Missing("no link rate");
    }

    private Map<String, Metric> checkedByName(List<Metric> measured) {
        Map<String, Metric> byName = new HashMap<>();
        for (Metric m : measured) {
            MetricDeclaration d = declared.get(m.name());
            if (d == null) {
                throw new IllegalArgumentException("result " + m.name() + " was measured but not declared");
            }
            if (d.unit() != m.unit()) {
                throw new IllegalArgumentException("result " + m.name() + " was declared as " + d.unit().noun()
                        + " but measured as " + m.unit().noun());
            }
            if (byName.putIfAbsent(m.name(), m) != null) {
                throw new IllegalArgumentException("result " + m.name() + " was measured twice");
            }
        }
        return byName;
    }
}
