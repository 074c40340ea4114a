package dev.xfer.app.result;

import java.nio.file.Path;

/**
 * A document that cannot be read into results: its message is the one line naming the file, the
 * field where there is one, and what is wrong.
 */
public final class DocumentException extends RuntimeException {
    private final transient Path file;
    private final String why;

    public DocumentException(Path file, String why) {
        super(file + ": " + why);
        this.file = file;
        this.why = why;
    }

    /** The message without the file. */
    public String why() {
        return why;
    }

    /** A field of the wrong type or out of range. */
    public static DocumentException field(Path file, String field, String expected, String got) {
        return new DocumentException(file, field + ": expected " + expected + ", got " + got);
    }

    /** A field that did not bind to its record, in the binder's words, under {@code file}'s name. */
    public static DocumentException of(Path file, dev.xfer.app.format.BindingException e) {
        return new DocumentException(file, e.getMessage());
    }

    public Path file() {
        return file;
    }
}
