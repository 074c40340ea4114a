package dev.xfer.app.run;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.OutputTarget;

import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * What the commands that describe the host rather than measure it ({@code devices}, {@code topo},
 * {@code doctor}) share: printing text or, with {@code --json}, their document (a record).
 */
public final class HostView {
    private HostView() {
    }

    /** Prints the document with {@code --json}, else the text: to {@code output} (--output), or on {@code out} (stdout) when it is null. */
    public static void print(PrintWriter out, OutputTarget output, boolean json, Supplier<? extends Record> document,
                             Supplier<String> text) {
        if (json && output == null) {
            dev.xfer.app.format.StandardStream.carriesDocument(out); // UTF-8 whatever the locale
        }
        String written = json ? Json.write(document.get()) : text.get();
        Outputs.print(output, to -> to.write(written), out);
    }
}
