package dev.xfer.app.cli;

import dev.xfer.app.Main;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs xfer in-process and keeps what it printed. */
public record XferRun(int exitCode, String out, String err) {

    public static XferRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new XferRun(code, out.toString(), err.toString());
    }

    /** The lines on stderr. */
    public String[] errLines() {
        return err.isEmpty() ? new String[0] : err.strip().split("\n");
    }
}
