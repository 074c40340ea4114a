package dev.xfer.app.fleet;

import java.nio.file.Path;

/** A file fleet or compare cannot use: its message is the one line naming the file and why. */
public final class BadDocumentException extends RuntimeException {
    public BadDocumentException(Path file, String why) {
        super(file + ": " + why);
    }
}
