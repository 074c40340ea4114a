package dev.xfer.app.expect;

import java.util.List;

/**
 * An {@code --expect} text that does not follow the grammar; the message is one line naming the
 * text and the problem: {@code --expect 'pinned.h2d >= fast': 'fast' is not a number}.
 */
public final class ExpectationSyntaxException extends ExpectationException {
    private static final long serialVersionUID = 1L;

    private final String text;

    ExpectationSyntaxException(String text, String problem) {
        super(List.of(Quoted.option(text) + problem));
        this.text = text;
    }

    /** The text as given. */
    public String text() {
        return text;
    }
}
