package dev.xfer.app.latency;

import java.util.List;

/**
 * What a latency run on one GPU gave: its results, in the plan's order, and one line for each
 * target it could not measure and why (no peer, no mapped host memory).
 */
public record LatencyRun(List<LatencyResult> results, List<String> notes) {
    public LatencyRun {
        results = List.copyOf(results);
        notes = List.copyOf(notes);
    }
}
