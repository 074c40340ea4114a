package dev.xfer.app.cli;

import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.run.Outputs;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --output FILE} of the commands that print one report or document and measure nothing
 * ({@code devices}, {@code topo}, {@code doctor}, {@code fleet}, {@code compare}): what they print
 * on stdout goes to FILE instead, through the same {@link OutputTarget} and {@link Outputs} as the
 * measuring commands' {@code --output}: a file replaced atomically (through a link, the link kept),
 * a device or FIFO written through, {@code -} and {@code /dev/stdout} stdout itself, and a file that
 * is one of the command's input documents refused.
 */
public final class OutputMixin {
    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the report to FILE instead of stdout (a file is replaced atomically; - is stdout).")
    private Path output;

    /** The target resolved (exit 2 when nothing can be written there); null without --output. Call before reading anything. */
    public OutputTarget target() {
        return Outputs.resolve("--output", output);
    }
}
