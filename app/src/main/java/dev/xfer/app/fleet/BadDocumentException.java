package dev.xfer.app.fleet;

import java.nio.file.Path;

/** A file fleet or compare cannot use: its message is the one line naming the file and why. */
public final class BadDocumentException extends RuntimeException {
    private final transient Path file;
    private final String why;

    public BadDocumentException(Path file, String why) {
        super(file + ": " + why);
        this.file = file;
        this.why = why;
    }

    public Path file() {
        return file;
    }

    /** The message without the file. */
    public String why() {
        return why;
    }
}
