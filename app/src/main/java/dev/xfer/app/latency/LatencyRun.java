package dev.xfer.app.latency;

import dev.xfer.app.result.Waiver;

import java.util.List;

/**
 * What a latency run on one GPU gave: its results, in the plan's order, and each configuration it
 * did not measure here with why (no peer, no mapped host memory, no peer access, Confidential
 * Computing): waivers, never a pass.
 */
public record LatencyRun(List<LatencyResult> results, List<Waiver> waived) {
    public LatencyRun {
        results = List.copyOf(results);
        waived = List.copyOf(waived);
    }
}
