package dev.xfer.app.expect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Whether an expectation's unit can be compared with the results it selects. */
final class UnitFit {
    private UnitFit() {
    }

    /**
     * The problems, without the {@code --expect} prefix; empty when the unit fits every selected
     * result. Results are grouped by unit so that a sweep of sizes gives one line, not dozens.
     */
    static List<String> problems(Expectation expectation, List<MetricDeclaration> selected) {
        BoundUnit unit = expectation.unit();
        if (unit == BoundUnit.NONE) {
            return mixedKinds(expectation, selected);
        }
        List<String> problems = new ArrayList<>();
        Map<MetricUnit, List<String>> misfits = selected.stream()
                .filter(d -> !unit.fits(d.unit()))
                .collect(Collectors.groupingBy(MetricDeclaration::unit, LinkedHashMap::new,
                        Collectors.mapping(MetricDeclaration::name, Collectors.toList())));
        misfits.forEach((metricUnit, names) -> problems.add(names.size() == 1
                ? names.getFirst() + " is " + metricUnit.noun() + "; " + unit.symbol() + " does not apply"
                : names.getFirst() + " and " + (names.size() - 1) + " more are " + metricUnit.pluralNoun()
                        + "; " + unit.symbol() + " does not apply"));
        if (unit == BoundUnit.PERCENT_LINK) {
            List<String> unlinked = selected.stream()
                    .filter(d -> d.unit() == MetricUnit.GBPS && !d.hasLink())
                    .map(MetricDeclaration::name)
                    .toList();
            if (!unlinked.isEmpty()) {
                problems.add((unlinked.size() == 1
                        ? unlinked.getFirst() + " has no known PCIe link rate"
                        : unlinked.getFirst() + " and " + (unlinked.size() - 1)
                                + " more have no known PCIe link rate")
                        + " (a device-local copy, or a link sysfs does not describe); %link does not apply");
            }
        }
        return problems;
    }

    // A bound without a unit means each result's own unit; across units that is one number
    // standing for several different things, which is never what was meant.
    private static List<String> mixedKinds(Expectation expectation, List<MetricDeclaration> selected) {
        List<MetricUnit> kinds = selected.stream().map(MetricDeclaration::unit).distinct().toList();
        if (kinds.size() <= 1) {
            return List.of();
        }
        return List.of(expectation.name() + " selects results of different kinds ("
                + kinds.stream().map(MetricUnit::noun).collect(Collectors.joining(", "))
                + ") and the value has no unit; name results of one kind, such as "
                + selected.getFirst().name());
    }
}
