package dev.xfer.app.output;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The JSON document of one measuring run: one GPU's ({@link GpuDocument}), or several GPUs'
 * ({@link DevicesDocument}). A run with {@code --runs N} holds one per repetition
 * ({@link RepeatedDocument}). Written by {@code format/Json.write}; the output stage adds the
 * evidence and the expectations' outcomes with the withers here, never by editing a map.
 */
public sealed interface RunDocument permits GpuDocument, DevicesDocument {
    int schemaVersion();

    String command();

    Parameters parameters();

    Optional<Boolean> complete();

    /** Each GPU's document changed by {@code each}: the document itself for one GPU, each of its {@code devices} for several. */
    RunDocument eachGpu(UnaryOperator<GpuDocument> each);

    /**
     * This document with the expectations' outcomes, and {@code complete}: false and
     * {@code stopped} when the run stopped early (absent means complete).
     */
    RunDocument withOutcome(List<ExpectationRow> expectations, Optional<Stopped> stopped);

    /** Every GPU's document, in order. */
    List<GpuDocument> gpus();
}
