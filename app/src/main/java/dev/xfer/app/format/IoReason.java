package dev.xfer.app.format;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Why a file operation failed, in words. The NIO exceptions carry the file as their message and
 * the reason apart, or none at all: {@code AccessDeniedException}'s message is only the path, so
 * "cannot read: /srv/a.json" would say nothing of why.
 */
public final class IoReason {
    private IoReason() {
    }

    /** The reason, without the file: "permission denied", "no such file or directory", the system's words. */
    public static String of(IOException e) {
        return switch (e) {
            case AccessDeniedException a -> "permission denied";
            case NoSuchFileException n -> "no such file or directory";
            case NotDirectoryException n -> "not a directory";
            case FileSystemLoopException l -> "a symbolic link loop";
            case FileSystemException f when f.getReason() != null -> f.getReason();
            case FileSystemException f -> "cannot be read";
            default -> e.getMessage() == null ? "an I/O error" : e.getMessage();
        };
    }

    /**
     * The reason, and the file it concerns when that is not {@code named}: a folder's listing
     * fails on a sub-folder the user did not name ("permission denied: /srv/runs/old").
     */
    public static String of(IOException e, Path named) {
        String reason = of(e);
        if (e instanceof FileSystemException f && f.getFile() != null && !Path.of(f.getFile()).equals(named)) {
            return reason + ": " + f.getFile();
        }
        return reason;
    }
}
