package dev.xfer.app.output;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;

import java.util.List;

/**
 * One entry of a document's {@code results} or {@code failures}, also one JSON Lines result
 * record's own fields. Each command's row records implement it (bandwidth's {@code BandwidthRow},
 * overlap's {@code OverlapDocument.ScheduleRow}, ...).
 */
public interface Row {
    /**
     * This row's results, as the gates judge them: its identity fields, its check and one result
     * per figure it holds ({@link RowFigures}), at its place in its document ({@code scope}). A row
     * with no figure (a failure's) has none.
     *
     * @throws dev.xfer.app.format.BindingException naming a field beyond what its type says
     */
    List<Result> results(RowScope scope);

    /** What a gate reads of this row besides its figures: its naming, its own check, its placement ({@link RowStatus}). */
    MeasuringDocument.Row status();

    /**
     * This row as an entry of {@code failures}, in the words a gate's failure line shows. A
     * failure's own record says what failed ({@code FailureRow}, {@link UnmeasuredRow}); a result
     * row is there only in a document a hand wrote (check binds its failures as its rows), and is
     * named by the values that name it.
     */
    default String failureLine() {
        return String.join(", ", status().naming());
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
