package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;

import java.util.ArrayList;
import java.util.List;

/** The GPUs copying at once ({@code --concurrent}) as the {@code concurrent} array of a several-device document. */
public final class ConcurrentJson {
    private ConcurrentJson() {
    }

    /**
     * One object per size and direction: {@code memory}, {@code direction}, {@code bytes},
     * {@code gpus} (per GPU: {@code device}, {@code gbps}, {@code microseconds},
     * {@code percentOfLink}, {@code verified}), {@code aggregateGbps} (summary of the per-iteration
     * aggregate rates), {@code aloneGbpsSum} (or null) and {@code verified}.
     */
    public static List<Object> rows(List<ConcurrentResult> results) {
        List<Object> rows = new ArrayList<>();
        for (ConcurrentResult c : results) {
            List<Object> gpus = new ArrayList<>();
            for (ConcurrentResult.GpuShare g : c.gpus()) {
                gpus.add(Json.object(
                        "device", g.device(),
                        "gbps", SummaryJson.of(g.gigabytesPerSecond()),
                        "microseconds", SummaryJson.of(g.microseconds()),
                        "percentOfLink", g.percentOfLink().isPresent() ? g.percentOfLink().getAsDouble() : null,
                        "verified", g.verified()));
            }
            rows.add(Json.object(
                    "memory", c.memory(),
                    "direction", c.direction(),
                    "bytes", c.bytes(),
                    "gpus", gpus,
                    "aggregateGbps", SummaryJson.of(c.aggregateGbps()),
                    "aloneGbpsSum", c.aloneGbpsSum().isPresent() ? c.aloneGbpsSum().getAsDouble() : null,
                    "verified", c.verified()));
        }
        return rows;
    }
}
