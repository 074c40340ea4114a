package dev.xfer.app.expect;

import java.util.List;
import java.util.stream.Collectors;

/** Lists what a run produces, for the message about an expectation that selects nothing. */
final class ProducedNames {

    // Enough to show the pattern of names; a sweep can declare hundreds.
    private static final int MOST_LISTED = 10;

    private ProducedNames() {
    }

    /**
     * {@code it produces: a, b, c} or {@code it produces: a, ..., j and 5 more}. When some names
     * share leading segments with {@code wanted}, only those with the longest shared part are
     * listed: asking for {@code pinned.h2d.32MiB} lists the other {@code pinned.h2d} sizes.
     */
    static String describe(String wanted, List<MetricDeclaration> declared) {
        if (declared.isEmpty()) {
            return "it produces no results";
        }
        List<String> names = closest(MetricName.parse(wanted), declared);
        String listed = names.stream().limit(MOST_LISTED).collect(Collectors.joining(", "));
        int more = names.size() - MOST_LISTED;
        return "it produces: " + listed + (more > 0 ? " and " + more + " more" : "");
    }

    private static List<String> closest(MetricName wanted, List<MetricDeclaration> declared) {
        for (int shared = wanted.segments().size() - 1; shared > 0; shared--) {
            MetricName prefix = wanted.prefix(shared);
            List<String> names = declared.stream()
                    .map(MetricDeclaration::name)
                    .filter(name -> MetricName.parse(name).startsWith(prefix))
                    .toList();
            if (!names.isEmpty()) {
                return names;
            }
        }
        return declared.stream().map(MetricDeclaration::name).toList();
    }
}
