package dev.xfer.app.bandwidth;

import dev.xfer.app.format.NullWhenEmpty;
import dev.xfer.app.output.Row;

import java.util.List;
import java.util.OptionalInt;

/**
 * A verification failure as a bandwidth document's {@code failures} entry: {@code configuration},
 * {@code offset}, {@code expected} and {@code actual} (bytes as 0 to 255) and {@code numaNode} (or
 * null). One row for a device's failures and for those of the copies that span devices.
 */
public record FailureRow(String configuration, long offset, int expected, int actual,
                         @NullWhenEmpty OptionalInt numaNode) implements Row {

    public static FailureRow of(VerificationFailure f) {
        return new FailureRow(f.configuration(), f.offset(), f.expected() & 0xff, f.actual() & 0xff, f.numaNode());
    }

    /** Each of {@code failures}, in order. */
    public static List<FailureRow> rows(List<VerificationFailure> failures) {
        return failures.stream().map(FailureRow::of).toList();
    }
}
