package dev.xfer.app.bandwidth;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.Stream;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * A failed configuration as a bandwidth document's {@code failures} entry: {@code configuration},
 * then either its first wrong byte ({@code offset}, {@code expected} and {@code actual}, bytes as 0
 * to 255) or, for one whose samples gave no figure, the {@code reason}; and {@code numaNode} (or
 * null). One row for a device's failures and for those of the copies that span devices. A
 * configuration that was not measured is here, not in {@code results}, so no gate reads a figure
 * for it and every gate reads it as failed.
 */
public record FailureRow(String configuration, OptionalLong offset, OptionalInt expected, OptionalInt actual,
                         @JsonInclude(ALWAYS) OptionalInt numaNode, Optional<String> reason) implements Row {

    /** None: a failed configuration has no figure, and every gate reads the entry as a failure. */
    @Override
    public List<Result> results(RowScope scope) {
        return List.of();
    }

    /** No figure; its node, where it was placed. */
    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(false).placed(numaNode, Optional.<Map<String, Integer>>empty()).row();
    }

    /**
     * The first wrong byte of the configuration, or why it was not measured; a row that says
     * neither (no run writes one) by what it holds.
     */
    @Override
    public String failureLine() {
        if (offset.isPresent()) {
            return configuration + ": wrong byte at offset " + offset.getAsLong() + " (expected "
                    + (expected.isPresent() ? expected.getAsInt() : "null") + ", got "
                    + (actual.isPresent() ? actual.getAsInt() : "null") + ")";
        }
        return reason.map(why -> UnmeasuredRow.words(configuration, why)).orElseGet(() -> "configuration "
                + configuration + (numaNode.isPresent() ? ", numaNode " + numaNode.getAsInt() : ""));
    }

    public static FailureRow of(VerificationFailure f) {
        return new FailureRow(f.configuration(), OptionalLong.of(f.offset()), OptionalInt.of(f.expected() & 0xff),
                OptionalInt.of(f.actual() & 0xff), f.numaNode(), Optional.empty());
    }

    /** A configuration whose samples gave no figure, with why ({@code sample 3 of 10 was NaN s: the timer gave no time}). */
    public static FailureRow unmeasured(String configuration, OptionalInt numaNode, String reason) {
        return new FailureRow(configuration, OptionalLong.empty(), OptionalInt.empty(), OptionalInt.empty(), numaNode,
                Optional.of(reason));
    }

    public static FailureRow of(Unmeasured u) {
        return unmeasured(u.configuration(), u.numaNode(), u.reason());
    }

    /** Each of {@code failures}, in order. */
    public static List<FailureRow> rows(List<VerificationFailure> failures) {
        return failures.stream().map(FailureRow::of).toList();
    }

    /** Each of {@code failures}, then each configuration left {@code unmeasured}, in order. */
    public static List<FailureRow> rows(List<VerificationFailure> failures, List<Unmeasured> unmeasured) {
        return Stream.concat(failures.stream().map(FailureRow::of), unmeasured.stream().map(FailureRow::of)).toList();
    }
}
