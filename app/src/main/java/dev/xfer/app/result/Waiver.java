package dev.xfer.app.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A configuration a run does not measure on this machine, and why: a GPU below compute capability
 * 9.0 for a TMA copy, one GPU where a pair is needed, a runtime without {@code cudaMemcpyBatchAsync},
 * Confidential Computing forbidding registered memory. nvbandwidth calls this a waiver: the
 * configuration is neither passed nor failed, and a run with only waivers beside its rows is
 * judged by its rows. Documents carry them as {@code "waived": [{"configuration", "reason"}]}.
 *
 * @param configuration the configuration as its row would be named ({@code pinned tma h2d 4096 B})
 * @param reason        why, in plain words ({@code TMA needs compute capability 9.0, GPU 0 has 8.0})
 */
public record Waiver(String configuration, String reason) {
    public Waiver {
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(reason, "reason");
        if (configuration.isBlank() || reason.isBlank()) {
            throw new IllegalArgumentException("a waiver names its configuration and its reason");
        }
    }

    /** How many configurations one reason's line names before it counts the rest. */
    static final int NAMED_PER_LINE = 6;

    /** One line: {@code waived: <configuration>: <reason>}. */
    public String line() {
        return "waived: " + configuration + ": " + reason;
    }

    /**
     * One text line per reason, in the order the reasons first appear: {@code waived: <reason>:
     * <configuration>, <configuration>, ...}; past {@value #NAMED_PER_LINE} configurations the
     * line counts the rest ({@code and 14 more}), so a swept run's line stays readable (the
     * document lists every one).
     */
    public static List<String> lines(List<Waiver> waivers) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (Waiver w : waivers) {
            List<String> configurations = byReason.computeIfAbsent(w.reason(), r -> new ArrayList<>());
            if (!configurations.contains(w.configuration())) {
                configurations.add(w.configuration());
            }
        }
        List<String> out = new ArrayList<>();
        byReason.forEach((reason, configurations) -> {
            List<String> named = configurations.subList(0, Math.min(NAMED_PER_LINE, configurations.size()));
            int rest = configurations.size() - named.size();
            out.add("waived: " + reason + ": " + String.join(", ", named) + (rest > 0 ? " and " + rest + " more" : ""));
        });
        return out;
    }

    /** {@link #lines} as a text report writes them, each ending in a newline; empty for none. */
    public static String text(List<Waiver> waivers) {
        return String.join("", lines(waivers).stream().map(line -> line + "\n").toList());
    }
}
