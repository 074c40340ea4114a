package dev.xfer.app.result;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One GPU's results in one document.
 *
 * @param command   the command that wrote the document
 * @param gpu       where they ran; empty for a node that had no usable GPU
 * @param unusable  why the node had no usable GPU (smoke's document when CUDA is not usable)
 */
public record GpuResults(Path file, String command, Optional<GpuContext> gpu, String host, Optional<String> label,
                         String started, List<Result> results, Optional<String> unusable) {
    public GpuResults {
        results = List.copyOf(results);
    }
}
