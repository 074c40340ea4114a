package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A value with one name in documents, CSV, JUnit and OpenMetrics: an enum that implements this is
 * written as its {@link #label()} (a JSON string) in a record and bound back from it by
 * {@link RecordBinder}, which names every label in its message when the text matches none.
 */
public interface Labelled {
    /** The name documents use ({@code foreign-process}), never {@code name()}'s upper case. */
    @JsonValue
    String label();
}
