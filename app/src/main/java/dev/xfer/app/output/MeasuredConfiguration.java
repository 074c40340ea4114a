package dev.xfer.app.output;

import java.util.Optional;

/**
 * One measured configuration as CI shows it: a JUnit test case that fails when the
 * configuration's own check failed (wrong data, error above tolerance).
 *
 * @param name    the result name, e.g. {@code pinned.h2d.16MiB}
 * @param summary the measured figures in one line
 * @param failure why its check failed; empty when it passed
 */
public record MeasuredConfiguration(String name, String summary, Optional<String> failure) {
    public boolean passed() {
        return failure.isEmpty();
    }
}
