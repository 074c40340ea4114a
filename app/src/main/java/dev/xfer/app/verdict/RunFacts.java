package dev.xfer.app.verdict;

import dev.xfer.app.result.MeasuringDocument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a GPU run ran on and with, as far as a verdict across runs must know: a change of driver,
 * of GPU model or of where host memory sat explains a change of figures, so compare names every
 * one that differs between its sides.
 *
 * @param facts by name, in the order compare names them: {@code GPU model}, {@code driver},
 *              {@code runtime}, {@code xfer}, {@code link}, {@code host memory placement};
 *              a fact the document does not record is absent
 */
public record RunFacts(Map<String, String> facts) {
    public static final String MODEL = "GPU model";

    public RunFacts {
        facts = Map.copyOf(facts);
    }

    public static RunFacts unknown() {
        return new RunFacts(Map.of());
    }

    /** One per GPU run of the document, in the document reader's order (see {@link DocumentStatus#of}). */
    public static List<RunFacts> of(MeasuringDocument doc, int runs) {
        List<RunFacts> out = new ArrayList<>();
        if (doc.repeated()) {
            // --runs N: each repetition's document in turn, as the reader flattens them.
            doc.repetitions().forEach(run -> out.addAll(of(run, run.gpuRuns())));
        } else if (doc.severalDevices()) {
            doc.devices().forEach(d -> out.add(one(d)));
        } else {
            out.add(one(doc.top()));
        }
        while (out.size() < runs) {
            out.add(unknown());
        }
        return List.copyOf(out.subList(0, runs));
    }

    private static RunFacts one(MeasuringDocument.Part part) {
        Map<String, String> facts = new LinkedHashMap<>();
        MeasuringDocument.Facts recorded = part.facts();
        put(facts, MODEL, recorded.model());
        put(facts, "driver", recorded.driver());
        put(facts, "runtime", recorded.runtime());
        put(facts, "xfer", recorded.xfer());
        recorded.link().ifPresent(link -> facts.put("link", link));
        // Where host memory sat: the --numa-node asked for and the nodes its pages were found on.
        TreeSet<String> placement = new TreeSet<>();
        part.results().rows().forEach(row -> placement.addAll(row.placement()));
        if (!placement.isEmpty()) {
            facts.put("host memory placement", String.join(", ", placement));
        }
        recorded.gpuNumaNode().ifPresent(node -> facts.put("GPU's NUMA node", node));
        return new RunFacts(facts);
    }

    private static void put(Map<String, String> facts, String name, java.util.Optional<String> value) {
        value.filter(s -> !s.isBlank()).ifPresent(s -> facts.put(name, s));
    }

    /** Every fact recorded on both sides whose values differ, as {@code driver 580.1 -> 590.2}. */
    public static List<String> differences(List<RunFacts> baseline, List<RunFacts> current) {
        List<String> out = new ArrayList<>();
        for (String name : List.of(MODEL, "driver", "runtime", "xfer", "link", "host memory placement", "GPU's NUMA node")) {
            TreeSet<String> before = values(baseline, name);
            TreeSet<String> after = values(current, name);
            if (!before.isEmpty() && !after.isEmpty() && !before.equals(after)) {
                out.add(name + " " + String.join(" / ", before) + " -> " + String.join(" / ", after));
            }
        }
        return out;
    }

    private static TreeSet<String> values(List<RunFacts> runs, String name) {
        TreeSet<String> out = new TreeSet<>();
        runs.forEach(r -> {
            String v = r.facts().get(name);
            if (v != null) {
                out.add(v);
            }
        });
        return out;
    }
}
