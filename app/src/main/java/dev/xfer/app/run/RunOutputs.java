package dev.xfer.app.run;

import dev.xfer.app.format.OutputTarget;

import java.io.PrintWriter;

/**
 * Where a measuring run writes as it ends: stdout (results, and nothing else), stderr (warnings,
 * PASS/FAIL lines beside a document on stdout) and each output option's target.
 *
 * @param html draws --html's report, when it is given
 * @param out  stdout
 * @param err  stderr
 */
record RunOutputs(OutputFormat format, MeasuringRun.Targets targets, MeasuringRun.HtmlDrawing html,
                  PrintWriter out, PrintWriter err) {
    /** Writes {@code target} as resolved; a failure names the option and the path given. */
    void write(OutputTarget target, String content) {
        Outputs.write(target, content, out);
    }

    /** Prints results on stdout; nothing else goes there. */
    void print(String text) {
        out.print(text);
        out.flush();
    }

    /** {@code text} on stderr as it is: lines that must stay off a stdout carrying a document. */
    void printErr(CharSequence text) {
        err.print(text);
        err.flush();
    }

    /** One line on stderr, {@code xfer: <line>}: warnings and notes that must stay off stdout. */
    void warn(String line) {
        err.println("xfer: " + line);
        err.flush();
    }

    /** Whether the results are rows streamed as they come (CSV, JSON Lines). */
    boolean rows() {
        return format == OutputFormat.CSV || format == OutputFormat.JSONL;
    }
}
