package dev.xfer.app.output;

import dev.xfer.app.result.IdentityField;

import java.util.List;
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

    /**
     * {@code value} of the enumerated field {@code field}, refused where it is no word of
     * {@code words}: a row's compact constructor calls it, so binding a document with
     * {@code "memory": "quantum"} is exit 2 naming the field (the binder adds the row's path),
     * never a result of a kind nothing knows.
     *
     * @throws IllegalArgumentException {@code memory: expected pageable, pinned, ... or device, got text "quantum"}
     */
    static String oneOf(String field, String value, List<String> words) {
        if (value != null && !words.contains(value)) {
            String expected = words.size() == 1 ? words.getFirst()
                    : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.getLast();
            throw new IllegalArgumentException(field + ": expected " + expected + ", got text \"" + value + "\"");
        }
        return value;
    }

    /**
     * A row's copy size, refused below 1 byte: no copy moves 0 bytes, and every reader names a
     * row by its size ({@code pinned.h2d.16MiB}).
     *
     * @throws IllegalArgumentException {@code bytes: expected a whole number, 1 or more, got the number 0}
     */
    static long size(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("bytes: expected a whole number, 1 or more, got the number " + bytes);
        }
        return bytes;
    }
}
