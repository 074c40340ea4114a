package dev.xfer.app.result;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One GPU's results in one document.
 *
 * @param command   the command that wrote the document
 * @param gpu       where they ran; empty for a node that had no usable GPU
 * @param unusable  why the node had no usable GPU (smoke's document when CUDA is not usable)
 * @param disturbances what the GPU's evidence found while these results were measured; empty when
 *                  nothing, or in documents written before xfer recorded evidence
 * @param repetition which repetition of a document written with {@code --runs N} (1 and up); empty
 *                   for a document without repetitions
 */
public record GpuResults(Path file, String command, Optional<GpuContext> gpu, String host, Optional<String> label,
                         String started, List<Result> results, Optional<String> unusable,
                         List<Disturbance> disturbances, OptionalInt repetition) {
    public GpuResults {
        results = List.copyOf(results);
        disturbances = List.copyOf(disturbances);
    }

    /** Results of a document without repetitions. */
    public GpuResults(Path file, String command, Optional<GpuContext> gpu, String host, Optional<String> label,
                      String started, List<Result> results, Optional<String> unusable,
                      List<Disturbance> disturbances) {
        this(file, command, gpu, host, label, started, results, unusable, disturbances, OptionalInt.empty());
    }

    /** Results without disturbances, in a document without repetitions. */
    public GpuResults(Path file, String command, Optional<GpuContext> gpu, String host, Optional<String> label,
                      String started, List<Result> results, Optional<String> unusable) {
        this(file, command, gpu, host, label, started, results, unusable, List.of());
    }

    /** How a person finds this GPU: host, label, UUID (or bus id) and CUDA index, and the repetition. */
    public String who() {
        String where = host + label.map(l -> " [" + l + "]").orElse("");
        String run = repetition.isPresent() ? " run " + repetition.getAsInt() : "";
        return gpu.map(g -> where + " " + g.uuid().orElse("bus " + g.busId()) + " (device "
                + (g.index().isPresent() ? g.index().getAsInt() : -1) + ")" + run).orElse(where + run);
    }

    /** Whether a disturbance overlapped these results: a gate does not judge them. */
    public boolean disturbed() {
        return !disturbances.isEmpty();
    }

    /** The same results as repetition {@code run} of a document written with {@code --runs N}. */
    public GpuResults asRepetition(int run) {
        return new GpuResults(file, command, gpu, host, label, started, results, unusable, disturbances,
                OptionalInt.of(run));
    }
}
