package dev.xfer.app.verdict;

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
    public static List<RunFacts> of(Map<?, ?> doc, int runs) {
        List<RunFacts> out = new ArrayList<>();
        if (DocumentStatus.repetitions(doc)) {
            // --runs N: each repetition's document in turn, as the reader flattens them.
            for (Object r : (List<?>) doc.get("runs")) {
                if (r instanceof Map<?, ?> run) {
                    out.addAll(of(run, run.get("devices") instanceof List<?> d && !d.isEmpty() ? d.size() : 1));
                }
            }
        } else if (doc.get("devices") instanceof List<?> devices && !devices.isEmpty()
                && devices.getFirst() instanceof Map<?, ?> first && first.containsKey("context")) {
            for (Object device : devices) {
                out.add(device instanceof Map<?, ?> d ? one(d) : unknown());
            }
        } else {
            out.add(one(doc));
        }
        while (out.size() < runs) {
            out.add(unknown());
        }
        return List.copyOf(out.subList(0, runs));
    }

    private static RunFacts one(Map<?, ?> part) {
        Map<String, String> facts = new LinkedHashMap<>();
        Map<?, ?> context = part.get("context") instanceof Map<?, ?> c ? c : Map.of();
        Map<?, ?> device = context.get("device") instanceof Map<?, ?> d ? d : Map.of();
        put(facts, MODEL, device.get("name"));
        put(facts, "driver", context.get("driverVersion"));
        put(facts, "runtime", context.get("runtimeVersion"));
        put(facts, "xfer", context.get("xfer"));
        if (device.get("linkCurrent") instanceof Map<?, ?> now && device.get("linkMax") instanceof Map<?, ?> max) {
            facts.put("link", "Gen" + now.get("generation") + " x" + now.get("width") + " (max Gen" + max.get("generation")
                    + " x" + max.get("width") + ")");
        }
        // Where host memory sat: the --numa-node asked for and the nodes its pages were found on.
        TreeSet<String> placement = new TreeSet<>();
        if (part.get("results") instanceof List<?> results) {
            for (Object r : results) {
                if (r instanceof Map<?, ?> result) {
                    if (result.get("numaNode") != null) {
                        placement.add("numa-node " + result.get("numaNode"));
                    }
                    if (result.get("hostMemoryNodes") instanceof Map<?, ?> nodes && !nodes.isEmpty()) {
                        placement.add("pages on node " + String.join("+", new TreeSet<>(nodes.keySet().stream().map(String::valueOf).toList())));
                    }
                }
            }
        }
        if (!placement.isEmpty()) {
            facts.put("host memory placement", String.join(", ", placement));
        }
        if (device.get("numaNode") != null) {
            facts.put("GPU's NUMA node", String.valueOf(device.get("numaNode")));
        }
        return new RunFacts(facts);
    }

    private static void put(Map<String, String> facts, String name, Object value) {
        if (value instanceof String s && !s.isBlank()) {
            facts.put(name, s);
        }
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
