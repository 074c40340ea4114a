package dev.xfer.app.expect;

/**
 * An expectation with the text it was read from, so that messages quote what the user typed
 * rather than the canonical form.
 */
record WrittenExpectation(String text, Expectation expectation) {

    /** The start of a message about this option: {@code --expect 'TEXT': }. */
    String prefix() {
        return Quoted.option(text);
    }
}
