package dev.xfer.app;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.evidence.NvmlProbes;
import dev.xfer.app.cli.CommaLists;
import dev.xfer.app.cli.Deadline;
import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.cli.RunTimeoutException;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.HeapWatch;
import dev.xfer.app.commands.XferCommand;
import dev.xfer.app.cli.SignalStop;
import dev.xfer.app.run.StopRequest;
import dev.xfer.app.cli.StandardOutput;
import dev.xfer.app.cli.UsageLine;
import dev.xfer.app.cli.WholeNumberConverter;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.format.StandardStream;
import picocli.CommandLine;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Consumer;

/** Entry point of the xfer command line. */
public final class Main {
    private Main() {
    }

    /**
     * How long a run past its --timeout may take to reach a safe point and write what it measured;
     * one still busy after this is abandoned (exit 4, nothing written), as a hung CUDA call must be.
     */
    static final Duration STOP_GRACE = Duration.ofSeconds(30);

    public static void main(String[] args) {
        launch(args, commandLine -> { });
    }

    /**
     * The process: SIGINT and SIGTERM become stop requests, then the run, then its exit code.
     * {@code more} may add commands; tests add a slow fake measuring command this way, to drive
     * the real plumbing in a real process without a GPU.
     */
    public static void launch(String[] args, Consumer<CommandLine> more) {
        // Both in the terminal's charset with escapes for what it cannot show (never '?'); stdout
        // turns UTF-8 when it carries a document (StandardStream).
        PrintWriter err = new StandardStream(new FileOutputStream(FileDescriptor.err), System.err.charset());
        // Any thread's OutOfMemoryError, one line and exit 5; the run's own is caught in run().
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            if (failure instanceof OutOfMemoryError) {
                outOfMemory(err, ErrorLine.OUT_OF_JAVA_MEMORY);
            }
            failure.printStackTrace();
        });
        // A heap that collects most of the time and frees almost nothing ends as a heap too small does.
        HeapWatch.start(line -> outOfMemory(err, line));
        StopRequest stop = new StopRequest();
        // Not System.out: a PrintStream swallows write errors, so a closed pipe would go unnoticed.
        PrintWriter out = new StandardStream(new StandardOutput(new FileOutputStream(FileDescriptor.out), stop, err),
                System.out.charset());
        SignalStop.install(stop, err);
        int code;
        try {
            code = run(args, out, err, stop, more);
            out.flush();
            err.flush();
        } catch (OutOfMemoryError e) {
            outOfMemory(err, ErrorLine.OUT_OF_JAVA_MEMORY);
            return;
        }
        System.exit(code);
    }

    /**
     * One line and exit 5 at once. Halt, not exit: shutdown hooks and finalization could need the
     * memory there is none of; and the line is a constant (or, from the heap watch, made while
     * collections still free a little), so printing it allocates little.
     */
    private static void outOfMemory(PrintWriter err, String line) {
        try {
            err.println(line);
            err.flush();
        } finally {
            Runtime.getRuntime().halt(ExitCode.OUT_OF_MEMORY);
        }
    }

    /**
     * How xfer reads each GPU's circumstances (clocks, link, processes: the documents' evidence).
     * The one place that chooses them: NVML, found at run time; where it is missing or fails,
     * each document says why its evidence is unavailable.
     */
    static GpuProbes gpuProbes(String[] args) {
        // A command that measures opens NVML from here, beside picocli's start, so its first GPU's
        // evidence reads from the moment CUDA starts (docs/evidence.md#idle-windows). A word that
        // only looks like one (a --label bandwidth) starts an opening nobody takes: harmless.
        boolean measures = Arrays.stream(args).anyMatch(MeasuringDocument.MEASURING::contains);
        return measures ? NvmlProbes.warmingUp() : new NvmlProbes();
    }

    /** Runs xfer with {@code args} and returns the exit code; no System.exit, so tests can call it. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, new StopRequest(), commandLine -> { });
    }

    static int run(String[] args, PrintWriter out, PrintWriter err, StopRequest stop, Consumer<CommandLine> more) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // Answered before picocli builds its model of every command, which was most of what
            // `xfer --version` cost beyond the JVM's own start (gpu-check version-floor: 0.37 s
            // against 0.06 s on an H100 machine). The same lines as picocli's version help.
            for (String line : new XferVersion().getVersion()) {
                out.println(line);
            }
            out.flush();
            // As --help and every command: stdout gone (a closed pipe or descriptor) is exit 141.
            return stop.reason().map(ExitCode::stopped).orElse(ExitCode.OK);
        }
        XferCommand root = new XferCommand(stop, gpuProbes(args));
        CommandLine commandLine = new CommandLine(root);
        more.accept(commandLine);
        WholeNumberConverter.registerOn(commandLine);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            err.println(UsageLine.of(e));
            err.flush();
            return ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, ignoredCommandLine, ignoredParse) ->
                ErrorLine.report(e, err, root.verbose()));
        commandLine.setExecutionStrategy(parseResult -> {
            // picocli keeps quiet about words it did not match when --help was also given, and
            // prints the help of the last command it knew: 'xfer frobnicate --help' would exit 0.
            UsageLine.refuseUnmatched(parseResult);
            CommaLists.refuseEmptyAndRepeated(parseResult);
            CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
            if (root.timeout().isEmpty()) {
                return runLast.execute(parseResult);
            }
            try {
                return Deadline.run(() -> runLast.execute(parseResult), root.timeout().get(), root.activity(), stop,
                        STOP_GRACE);
            } catch (RunTimeoutException e) {
                return ErrorLine.report(e, err, root.verbose());
            }
        });
        int code;
        try {
            code = commandLine.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands only Exceptions to the handler above; an Error passes through it. The
            // failed allocation's data is unreachable once unwound here, so there is room to report.
            return ErrorLine.report(e, err, root.verbose());
        }
        // A stop asked for once every result was in: the run is complete, but it was still ended early.
        return stop.reason().filter(r -> code == ExitCode.OK || code == ExitCode.CHECK_FAILED)
                .map(ExitCode::stopped).orElse(code);
    }
}
