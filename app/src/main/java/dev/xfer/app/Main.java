package dev.xfer.app;

import dev.xfer.app.cli.Deadline;
import dev.xfer.app.cli.ErrorReport;
import dev.xfer.app.cli.RunTimeoutException;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.XferCommand;
import picocli.CommandLine;

import java.io.PrintWriter;

/** Entry point of the xfer command line. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs xfer with {@code args} and returns the exit code; no System.exit, so tests can call it. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        XferCommand root = new XferCommand();
        CommandLine commandLine = new CommandLine(root);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            String where = e.getCommandLine().getCommandSpec().qualifiedName();
            err.println("xfer: " + e.getMessage().strip().replace('\n', ' ') + " (see " + where + " --help)");
            err.flush();
            return ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, ignoredCommandLine, ignoredParse) ->
                ErrorReport.report(e, err, root.verbose()));
        commandLine.setExecutionStrategy(parseResult -> {
            CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
            if (root.timeout().isEmpty()) {
                return runLast.execute(parseResult);
            }
            try {
                return Deadline.run(() -> runLast.execute(parseResult), root.timeout().get(), root.activity());
            } catch (RunTimeoutException e) {
                return ErrorReport.report(e, err, root.verbose());
            }
        });
        return commandLine.execute(args);
    }
}
