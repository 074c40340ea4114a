package dev.xfer.app.output;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One measured configuration as CI shows it: a JUnit test case that fails when the
 * configuration's own check failed (wrong data, error above tolerance).
 *
 * @param name    the result name, e.g. {@code pinned.h2d.16MiB}
 * @param summary the measured figures in one line
 * @param failure why its check failed; empty when it passed
 * @param time    how long its timed samples took (JUnit's case time): zero when its figures do
 *                not say ({@link RunResult#timed})
 */
public record MeasuredConfiguration(String name, String summary, Optional<String> failure, Duration time) {
    public MeasuredConfiguration {
        Objects.requireNonNull(time, "time");
    }

    /** A configuration whose figures say nothing of how long it took (a fact checked, not timed). */
    public MeasuredConfiguration(String name, String summary, Optional<String> failure) {
        this(name, summary, failure, Duration.ZERO);
    }

    public boolean passed() {
        return failure.isEmpty();
    }
}
