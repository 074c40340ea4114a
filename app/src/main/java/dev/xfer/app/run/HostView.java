package dev.xfer.app.run;

import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.format.Json;

import java.io.PrintWriter;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the commands that describe the host rather than measure it ({@code devices}, {@code topo})
 * share: their document's first fields, and printing text or, with {@code --json}, the document.
 */
public final class HostView {
    private HostView() {
    }

    /** {@code schemaVersion}, {@code xfer} and {@code command}, for the command's own fields to follow. */
    public static Map<String, Object> document(String xferVersion, String command) {
        return Json.object(
                "schemaVersion", DocumentSchema.VERSION,
                "xfer", xferVersion,
                "command", command);
    }

    /** Prints the document with {@code --json}, else the text, on {@code out} (stdout). */
    public static void print(PrintWriter out, boolean json, Supplier<Map<String, Object>> document,
                             Supplier<String> text) {
        out.print(json ? Json.write(document.get()) : text.get());
        out.flush();
    }
}
