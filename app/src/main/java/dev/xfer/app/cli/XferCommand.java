package dev.xfer.app.cli;

import dev.xfer.app.commands.BandwidthCommand;
import dev.xfer.app.commands.CheckCommand;
import dev.xfer.app.commands.DevicesCommand;
import dev.xfer.app.commands.OverlapCommand;
import dev.xfer.cuda.CudaRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

/** The root command: global options, and the CUDA runtime shared by the subcommand that runs. */
@Command(name = "xfer",
        mixinStandardHelpOptions = true,
        versionProvider = XferVersion.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = "Measures how fast data moves between host memory and NVIDIA GPUs, and why.",
        subcommands = {DevicesCommand.class, BandwidthCommand.class, OverlapCommand.class, CheckCommand.class},
        footerHeading = "%nExit codes:%n",
        footer = {"  0 ok   1 check failed   2 usage error   3 CUDA not usable   4 time limit   5 out of memory"})
public final class XferCommand implements Callable<Integer> {

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "Print stack traces on failure and where libcudart was found.")
    private boolean verbose;

    @Option(names = "--cudart", scope = ScopeType.INHERIT, paramLabel = "PATH",
            description = "The libcudart.so to use (default: $XFER_CUDART, $CUDA_HOME/lib64, then the system's).")
    private Path cudart;

    @Spec
    private CommandSpec spec;

    private CudaRuntime runtime;

    public boolean verbose() {
        return verbose;
    }

    /** The CUDA runtime, loaded on first use, once per run. */
    public CudaRuntime cuda() {
        if (runtime == null) {
            runtime = CudaRuntime.load(Optional.ofNullable(cudart));
            if (verbose) {
                spec.commandLine().getErr().println("xfer: libcudart " + runtime.libraryPath() + " (via "
                        + runtime.librarySource() + ")");
            }
        }
        return runtime;
    }

    /** {@code xfer} alone: the usage, and a usage-error exit so scripts notice a missing subcommand. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.USAGE;
    }
}
