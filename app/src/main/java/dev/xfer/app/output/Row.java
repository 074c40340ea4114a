package dev.xfer.app.output;

import dev.xfer.app.result.IdentityField;

import java.util.Map;

/**
 * One entry of a document's {@code results} or {@code failures}, also one JSON Lines result
 * record's own fields. Each command's row records implement it (bandwidth's {@code BandwidthRow},
 * overlap's {@code OverlapDocument.ScheduleRow}, ...).
 */
public interface Row {
    /**
     * The identity fields this row means by a written field whose text is not the identity's own
     * (latency's {@code "target": "gpu1"} is target {@code peer} of peer 1): the gates read these
     * in place of the written fields of the same names. Empty for a row whose fields say it as written.
     */
    default Map<IdentityField, Object> identity() {
        return Map.of();
    }
}
