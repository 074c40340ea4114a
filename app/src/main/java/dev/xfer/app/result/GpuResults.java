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
 * @param repetition which repetition of a document written with {@code --runs N} (1 and up); empty
 *                   for a document without repetitions
 */
public record GpuResults(Path file, String command, Optional<GpuContext> gpu, String host, Optional<String> label,
                         String started, List<Result> results, Optional<String> unusable, OptionalInt repetition) {
    public GpuResults {
        results = List.copyOf(results);
    }

    /** One GPU's results in a document without repetitions. */
    public GpuResults(Path file, String command, Optional<GpuContext> gpu, String host, Optional<String> label,
                      String started, List<Result> results, Optional<String> unusable) {
        this(file, command, gpu, host, label, started, results, unusable, OptionalInt.empty());
    }

    /** The same results as repetition {@code run} of a document written with {@code --runs N}. */
    public GpuResults asRepetition(int run) {
        return new GpuResults(file, command, gpu, host, label, started, results, unusable, OptionalInt.of(run));
    }
}
