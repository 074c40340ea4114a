package dev.xfer.app.output;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;

import java.util.List;
import java.util.Objects;

/**
 * A configuration that ran but whose samples gave no figure (the timer gave NaN, or no time), as
 * a document's {@code failures} entry: the {@code configuration} as the text names it and the
 * {@code reason}. It has no row in {@code results}, so no gate reads a figure for it, and every
 * gate reads the entry as a failure. (Bandwidth writes the same fields through its {@code FailureRow}.)
 */
public record UnmeasuredRow(String configuration, String reason) implements Row {

    public UnmeasuredRow {
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(false).row();
    }

    @Override
    public String failureLine() {
        return words(configuration, reason);
    }

    /** None: the configuration gave no figure, and every gate reads the entry as a failure. */
    @Override
    public List<Result> results(RowScope scope) {
        return List.of();
    }

    /**
     * A configuration not measured, in the words every output uses ({@code FAILED: } lines, the
     * gates' failure lines): {@code <configuration>: not measured: <why>}.
     */
    public static String words(String configuration, String why) {
        return configuration + ": not measured: " + why;
    }

    /** The rows of whatever has a configuration and may have a reason: those with one, in order. */
    public static <T> List<UnmeasuredRow> rows(List<T> results, java.util.function.Function<T, String> configuration,
                                               java.util.function.Function<T, java.util.Optional<String>> whyNot) {
        return results.stream().flatMap(r -> whyNot.apply(r).map(why -> new UnmeasuredRow(configuration.apply(r), why))
                .stream()).toList();
    }
}
