package dev.xfer.app.output;

import dev.xfer.app.result.Disturbance;

import java.util.List;
import java.util.Optional;

/**
 * One GPU's part of a measuring document, as {@link DocumentResults} reads it: where it ran, its
 * result rows and the disturbances its evidence found. A measuring command's {@link GpuDocument}
 * and each of smoke's devices are one.
 */
public interface MeasuredPart {
    ContextDocument context();

    List<? extends Row> results();

    Optional<List<Disturbance>> disturbances();

    /** The part's own {@code parameters}; empty where the document's apply (smoke's devices). */
    default Optional<Parameters> ownParameters() {
        return Optional.empty();
    }
}
