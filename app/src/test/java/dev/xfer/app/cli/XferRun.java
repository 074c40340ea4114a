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
        dev.xfer.app.docs.SchemaContract.requireValidText(out.toString(), "xfer " + String.join(" ", args));
        return new XferRun(code, out.toString(), err.toString());
    }

    /** Skips the calling test class where an NVIDIA driver is present: these tests describe a machine without one. */
    public static void assumeNoDriver() {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                dev.xfer.cuda.CudaRuntime.load(java.util.Optional.empty()).driverVersion().isPresent(),
                "this machine has an NVIDIA driver; these tests describe one without");
    }

    /** The run exited with {@code exitCode}, printed nothing on stdout and one stderr line starting so. */
    public void assertOneLine(int exitCode, String startsWith) {
        org.junit.jupiter.api.Assertions.assertEquals(exitCode, exitCode(), err);
        org.junit.jupiter.api.Assertions.assertEquals(1, errLines().length, "exactly one line on stderr: " + err);
        org.junit.jupiter.api.Assertions.assertTrue(err.startsWith(startsWith), err);
        org.junit.jupiter.api.Assertions.assertTrue(out.isEmpty(), "nothing on stdout: " + out);
    }

    /** The lines on stderr. */
    public String[] errLines() {
        return err.isEmpty() ? new String[0] : err.strip().split("\n");
    }
}
