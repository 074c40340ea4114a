package dev.xfer.app.cli;

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
public final class CudaMixin {
    public static final String CUDART_HELP =
            "The libcudart.so to use (default: $XFER_CUDART, $CUDA_HOME/lib64, then the system's).";
    public static final String TIMEOUT_HELP = "Stop the run past this long (e.g. 90s, 10m) at the next safe point, keep"
            + " and write what was measured, marked incomplete, and exit 4 (see docs/long-runs.md).";
    public static final String LABEL_HELP =
            "A label every results document carries beside the host name (e.g. a run or rack name).";

    /**
     * The root command, which keeps these values for the run: the mixin hands them over through
     * this, so it need not name the class that lists the commands (which names the commands that
     * mix this in).
     */
    public interface Root {
        void cudart(Path path);

        void timeout(Duration limit);

        void label(String text);
    }

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    private Root root() {
        return (Root) mixee.root().userObject();
    }

    // picocli may call a setter with the option's initial value (null) when it resets the command
    // for a parse; that must not undo a value given before the command name.

    @Option(names = "--cudart", order = 1, paramLabel = "PATH", description = CUDART_HELP)
    void cudart(Path path) {
        if (path != null) {
            root().cudart(path);
        }
    }

    @Option(names = "--timeout", order = 2, paramLabel = "DURATION", converter = DurationConverter.class,
            description = TIMEOUT_HELP)
    void timeout(Duration limit) {
        if (limit != null) {
            root().timeout(limit);
        }
    }

    @Option(names = "--label", order = 3, paramLabel = "TEXT", description = LABEL_HELP)
    void label(String text) {
        if (text != null) {
            root().label(text);
        }
    }
}
