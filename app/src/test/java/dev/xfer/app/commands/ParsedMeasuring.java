package dev.xfer.app.commands;

import dev.xfer.app.cli.MeasuringMixin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;

/**
 * The shared options of the measuring commands, parsed from a test's arguments on a test-only
 * command that carries the mixin as the real commands do, with what it prints captured: for tests
 * of the output stage, which needs no CUDA.
 */
final class ParsedMeasuring {
    /** A measuring command with nothing but the shared options. */
    @Command(name = "fake")
    static final class FakeCommand implements Callable<Integer> {
        @Mixin
        MeasuringMixin measuring;

        @Override
        public Integer call() {
            throw new AssertionError("only parsed, never run");
        }
    }

    /** {@code finish}'s verdict and what the command printed. */
    record Finished(int exitCode, String out, String err) {
    }

    final MeasuringMixin measuring;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    ParsedMeasuring(String... args) {
        FakeCommand command = new FakeCommand();
        CommandLine commandLine = new CommandLine(command);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.parseArgs(args);
        measuring = command.measuring;
    }

    Finished finished(int exitCode) {
        return new Finished(exitCode, out.toString(), err.toString());
    }
}
