package dev.xfer.app.commands;

import dev.xfer.app.cli.DurationConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The global options that only mean something to a command that loads CUDA and measures:
 * {@code --cudart}, {@code --timeout}, {@code --label}. Such a command mixes this in, so they work
 * after its name as before it ({@code xfer smoke --timeout 10m}); commands that only read
 * documents ({@code fleet}, {@code compare}, {@code plot}) do not, so their help, man page and
 * completion do not offer options they would ignore. The values go to the root command, the one
 * place the run reads them from.
 */
public final class CudaOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    private XferCommand root() {
        return (XferCommand) mixee.root().userObject();
    }

    // picocli may call a setter with the option's initial value (null) when it resets the command
    // for a parse; that must not undo a value given before the command name.

    @Option(names = "--cudart", order = 1, paramLabel = "PATH", description = XferCommand.CUDART_HELP)
    void cudart(Path path) {
        if (path != null) {
            root().cudart(path);
        }
    }

    @Option(names = "--timeout", order = 2, paramLabel = "DURATION", converter = DurationConverter.class,
            description = XferCommand.TIMEOUT_HELP)
    void timeout(Duration limit) {
        if (limit != null) {
            root().timeout(limit);
        }
    }

    @Option(names = "--label", order = 3, paramLabel = "TEXT", description = XferCommand.LABEL_HELP)
    void label(String text) {
        if (text != null) {
            root().label(text);
        }
    }
}
