package dev.xfer.app.expect;

import java.util.List;

/**
 * One or more {@code --expect} options that cannot be checked: malformed, naming results the run
 * will not produce, or with a unit that does not fit. The command must stop with exit code 2
 * before it measures anything.
 */
public sealed class ExpectationException extends RuntimeException permits ExpectationSyntaxException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /** @param problems one line each, every one starting with {@code --expect 'TEXT': } */
    ExpectationException(List<String> problems) {
        super(String.join("\n", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an expectation exception needs a problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** The problems, one line each, in the order of the options; the message joins them with newlines. */
    public List<String> problems() {
        return problems;
    }
}
