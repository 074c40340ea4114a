package dev.xfer.app.output;

/**
 * One entry of a document's {@code results} or {@code failures}, also one JSON Lines result
 * record's own fields. Each command's row records implement it (bandwidth's {@code BandwidthRow},
 * overlap's {@code OverlapDocument.ScheduleRow}, ...).
 */
public interface Row {
}
