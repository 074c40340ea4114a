package dev.xfer.app.run;

import dev.xfer.app.format.Json;

import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * What the commands that describe the host rather than measure it ({@code devices}, {@code topo},
 * {@code doctor}) share: printing text or, with {@code --json}, their document (a record).
 */
public final class HostView {
    private HostView() {
    }

    /** Prints the document with {@code --json}, else the text, on {@code out} (stdout). */
    public static void print(PrintWriter out, boolean json, Supplier<? extends Record> document,
                             Supplier<String> text) {
        if (json) {
            dev.xfer.app.format.StandardStream.carriesDocument(out);
        }
        out.print(json ? Json.write(document.get()) : text.get());
        out.flush();
    }
}
