package dev.xfer.app.result;

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

    /** One line: {@code waived: <configuration>: <reason>}. */
    public String line() {
        return "waived: " + configuration + ": " + reason;
    }
}
