package dev.xfer.app.fleet;

import dev.xfer.app.verdict.DocumentStatus.Status;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * One GPU run as fleet keeps it: who and where, what its document said about itself, and its
 * numbers as arrays indexed by {@link ResultCatalog} ids. Parsed documents and their per-result
 * objects are dropped once read, so a fleet of 100,000 documents costs a few hundred bytes per run
 * and eight per number.
 *
 * @param order     the run's position in reading order
 * @param results   the ids of the results it measured, ascending
 * @param values    their medians, in the same order
 * @param spreads   their allocation spreads ((best - worst) / best), NaN where measured on one
 *                  allocation: a value with a spread is a best-of-k figure
 * @param placement what its host allocations say about the node ({@link UnstablePlacement}); empty for most runs
 * @param repetition which repetition of a document written with {@code --runs N}; empty for one without
 * @param disturbances what its evidence found while it measured (docs/evidence.md); empty for most runs
 */
public record FleetMember(int order, String file, String host, Optional<String> label, String model, Optional<String> uuid,
                          String busId, int index, Optional<GpuRun.LinkState> link, Optional<String> unusable,
                          Status status, int[] results, double[] values, double[] spreads,
                          java.util.List<UnstablePlacement.Finding> placement, OptionalInt repetition,
                          java.util.List<dev.xfer.app.result.Disturbance> disturbances) {

    /** How a person finds this GPU: host, label, UUID (or bus id) and CUDA index, as {@link GpuRun#who()}. */
    public String who() {
        String where = host + label.map(l -> " [" + l + "]").orElse("");
        String run = repetition.isPresent() ? " run " + repetition.getAsInt() : "";
        return unusable.isPresent() || index < 0 ? where + run
                : where + " " + uuid.orElse("bus " + busId) + " (device " + index + ")" + run;
    }

    /** The GPU across runs, as {@link GpuRun#gpuKey()}: its UUID where known, else its bus id, on its host. */
    public String gpuKey() {
        return host + " " + uuid.orElse(busId);
    }

    /** The position of result {@code id} in {@link #values}, or -1 when this run did not measure it. */
    public int position(int id) {
        return java.util.Arrays.binarySearch(results, id);
    }

    /** Whether its evidence found something that can explain its figures: then they are not judged unless asked. */
    public boolean disturbed() {
        return !disturbances.isEmpty();
    }

    /** Whether its numbers take part in the comparison with its peers: a usable GPU with results. */
    public boolean measured() {
        return unusable.isEmpty() && results.length > 0;
    }
}
