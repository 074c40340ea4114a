package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;

import java.util.ArrayList;
import java.util.List;

/** The many-GPU patterns ({@code --pattern}) as the {@code patterns} array of a several-device document. */
public final class PatternJson {
    private PatternJson() {
    }

    /**
     * One object per round: {@code pattern} (the form, e.g. {@code all-to-one-read}), {@code copy}
     * ({@code driver} or {@code kernel}), {@code direction} ({@code d2h}, {@code h2d} or {@code p2p}),
     * {@code bytes} (each timed copy; interfering ones move twice as much), {@code device} (the
     * measured GPU's CUDA index), {@code others} (the GPUs beside it), {@code copies} (how many ran at once),
     * {@code gbps} (summary of the measured figure, GB/s), {@code aggregateGbps} (summary of all
     * copies together, GB/s) and {@code verified}. A round's results belong to its measured GPU
     * (as a one-device row belongs to its device), so the GPU index is no part of their identity:
     * fleet lines up one pattern's figure across every GPU; the number of copies at once is
     * ({@code copies}, read as the identity's {@code count}), since it changes the figure.
     */
    public static List<Object> rows(List<PatternResult> results) {
        List<Object> rows = new ArrayList<>();
        for (PatternResult r : results) {
            rows.add(Json.object(
                    "pattern", r.form(),
                    "copy", r.path().label(),
                    "direction", r.direction(),
                    "bytes", r.bytes(),
                    "device", r.gpu(),
                    "others", r.others(),
                    "copies", r.copies(),
                    "gbps", SummaryJson.of(r.gigabytesPerSecond()),
                    "aggregateGbps", SummaryJson.of(r.aggregateGbps()),
                    "verified", r.verified()));
        }
        return rows;
    }
}
