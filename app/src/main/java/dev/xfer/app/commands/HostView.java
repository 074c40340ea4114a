package dev.xfer.app.commands;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.report.Json;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the commands that describe the host rather than measure it ({@code devices}, {@code topo})
 * share: their document's first fields, and printing text or, with {@code --json}, the document.
 */
final class HostView {
    private HostView() {
    }

    /** {@code schemaVersion}, {@code xfer} and {@code command}, for the command's own fields to follow. */
    static Map<String, Object> document(String xferVersion, String command) {
        return Json.object(
                "schemaVersion", MeasuringCommand.SCHEMA_VERSION,
                "xfer", xferVersion,
                "command", command);
    }

    /** Prints the document with {@code --json}, else the text, on stdout; always exit 0. */
    static int print(CommandSpec spec, boolean json, Supplier<Map<String, Object>> document, Supplier<String> text) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? Json.write(document.get()) : text.get());
        out.flush();
        return ExitCode.OK;
    }
}
