package dev.xfer.app.expect;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code --expect} options of one run, read but not yet checked against what the run will
 * produce. {@link #validate(Collection)} does that check and gives the expectations that can be
 * evaluated, so an unchecked expectation can never be evaluated.
 */
public final class ExpectationSet {
    private final List<WrittenExpectation> written;

    private ExpectationSet(List<WrittenExpectation> written) {
        this.written = List.copyOf(written);
    }

    /**
     * Reads every {@code --expect} text, in order.
     *
     * @throws ExpectationException listing every malformed text, one line each
     */
    public static ExpectationSet parse(List<String> texts) {
        Objects.requireNonNull(texts, "texts");
        List<WrittenExpectation> written = new ArrayList<>(texts.size());
        List<String> problems = new ArrayList<>();
        for (String text : texts) {
            try {
                written.add(new WrittenExpectation(text, Expectation.parse(text)));
            } catch (ExpectationSyntaxException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new ExpectationException(problems);
        }
        return new ExpectationSet(written);
    }

    /** The expectations in the order given. */
    public List<Expectation> expectations() {
        return written.stream().map(WrittenExpectation::expectation).toList();
    }

    /** Whether no {@code --expect} was given. */
    public boolean isEmpty() {
        return written.isEmpty();
    }

    /**
     * Checks every expectation against the results the run will produce: each must select at
     * least one of them, and its unit must fit every one it selects.
     *
     * @param willProduce what the command will measure, declared from its plan; names unique
     * @throws ExpectationException listing every problem, one line each
     * @throws IllegalArgumentException when a name is declared twice
     */
    public ValidatedExpectations validate(Collection<MetricDeclaration> willProduce) {
        Map<String, MetricDeclaration> declared = byName(willProduce);
        List<MetricDeclaration> all = List.copyOf(declared.values());
        List<ValidatedExpectations.Selection> selections = new ArrayList<>(written.size());
        List<String> problems = new ArrayList<>();
        for (WrittenExpectation w : written) {
            List<MetricDeclaration> selected = all.stream()
                    .filter(d -> w.expectation().selects(d.name()))
                    .toList();
            if (selected.isEmpty()) {
                problems.add(w.prefix() + "this run produces no result named " + w.expectation().name()
                        + " (" + ProducedNames.describe(w.expectation().name(), all) + ")");
            } else {
                UnitFit.problems(w.expectation(), selected).forEach(p -> problems.add(w.prefix() + p));
            }
            selections.add(new ValidatedExpectations.Selection(w, selected));
        }
        if (!problems.isEmpty()) {
            throw new ExpectationException(problems);
        }
        return new ValidatedExpectations(selections, declared);
    }

    private static Map<String, MetricDeclaration> byName(Collection<MetricDeclaration> declarations) {
        Map<String, MetricDeclaration> byName = new LinkedHashMap<>();
        for (MetricDeclaration d : declarations) {
            if (byName.putIfAbsent(d.name(), d) != null) {
                throw new IllegalArgumentException("result " + d.name() + " is declared twice");
            }
        }
        return byName;
    }
}
