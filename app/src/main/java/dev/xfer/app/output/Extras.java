package dev.xfer.app.output;

import java.util.List;

/**
 * What a command adds to its document after the envelope's fields (overlap's {@code model},
 * {@code models} and {@code timelines}, latency's {@code notes}, a several-device bandwidth run's
 * {@code concurrent}, {@code p2p} and {@code failures}), written inline ({@code @JsonUnwrapped}):
 * its keys are the document's own. {@link NoParameters#NONE} when a command adds nothing.
 */
public interface Extras {
    /**
     * Its rows that span the document's GPUs, section by section in the order the gates read them
     * ({@code p2p}, {@code concurrent}, {@code patterns}); none by default.
     */
    default List<Across> across() {
        return List.of();
    }

    /**
     * The failures of the copies that span the GPUs (each GPU's own are in its document); none by
     * default.
     */
    default List<? extends Row> acrossFailures() {
        return List.of();
    }

    /** One section of rows across the GPUs: its key (which paths name) and its rows. */
    record Across(String key, List<? extends AcrossRow> rows) {
        public Across {
            rows = List.copyOf(rows);
        }
    }
}
