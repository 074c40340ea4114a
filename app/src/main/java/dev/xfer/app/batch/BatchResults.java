package dev.xfer.app.batch;

import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.output.RunContext;

import java.util.List;
import java.util.Objects;

/**
 * A batch run: each strategy's outcome, the first one the others are compared with. With
 * {@code --numa-node all} the plan ran once per node: the results of every pass, pass after pass,
 * each compared with the first strategy of its own pass.
 *
 * @param notes      facts for the reader of the text, e.g. that placement has no effect here
 * @param placement  where host buffers and threads were placed; {@link HostPlacement#none()}
 *                   when the option was not given
 * @param hostMemory where each pass's host buffers actually were, one per pass
 */
public record BatchResults(RunContext context, BatchPlan plan, List<BatchResult> results, List<String> notes,
                          HostPlacement placement, List<BatchHostMemory> hostMemory) {
    public BatchResults {
        results = List.copyOf(results);
        notes = List.copyOf(notes);
        Objects.requireNonNull(placement, "placement");
        hostMemory = List.copyOf(hostMemory);
    }

    /** The results of a run without {@code --numa-node}. */
    public BatchResults(RunContext context, BatchPlan plan, List<BatchResult> results) {
        this(context, plan, results, List.of(), HostPlacement.none(), List.of());
    }

    public boolean verified() {
        return results.stream().allMatch(BatchResult::verified);
    }
}
