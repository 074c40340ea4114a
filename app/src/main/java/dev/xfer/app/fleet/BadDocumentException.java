package dev.xfer.app.fleet;

import dev.xfer.app.format.TerminalText;

import java.nio.file.Path;

/**
 * A file fleet or compare cannot use: its message is the one line naming the file and why. Both
 * parts are escaped ({@link TerminalText}): a file name or a parser's quote of the document can
 * hold a newline or an escape sequence, and this line goes to the terminal.
 */
public final class BadDocumentException extends RuntimeException {
    private final transient Path file;
    private final String why;

    public BadDocumentException(Path file, String why) {
        super(TerminalText.escaped(file.toString(), 4096) + ": " + TerminalText.sentence(why));
        this.file = file;
        this.why = why;
    }

    /** A command line's input that names no file at all (an empty path): its line alone. */
    public BadDocumentException(String message) {
        super(TerminalText.sentence(message));
        this.file = Path.of("");
        this.why = message;
    }

    public Path file() {
        return file;
    }

    /** The message without the file. */
    public String why() {
        return why;
    }
}
