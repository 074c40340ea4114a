package dev.xfer.app.commands;

import dev.xfer.app.bandwidth.command.BandwidthCommand;
import dev.xfer.app.batch.command.BatchCommand;
import dev.xfer.app.check.command.CheckCommand;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.DurationConverter;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.command.DevicesCommand;
import dev.xfer.app.doctor.command.DoctorCommand;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.fleet.command.CompareCommand;
import dev.xfer.app.fleet.command.FleetCommand;
import dev.xfer.app.latency.command.LatencyCommand;
import dev.xfer.app.overlap.command.OverlapCommand;
import dev.xfer.app.pipeline.command.PipelineCommand;
import dev.xfer.app.plot.command.PlotCommand;
import dev.xfer.app.run.Activity;
import dev.xfer.app.run.StopRequest;
import dev.xfer.app.smoke.command.SmokeCommand;
import dev.xfer.app.topo.command.TopoCommand;
import dev.xfer.cuda.CudaRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;

/** The root command: global options, and the CUDA runtime shared by the subcommand that runs. */
@Command(name = "xfer",
        mixinStandardHelpOptions = true,
        versionProvider = XferVersion.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = "Measures how fast data moves between host memory and NVIDIA GPUs, and why.",
        subcommands = {DevicesCommand.class, TopoCommand.class, BandwidthCommand.class, OverlapCommand.class,
                CheckCommand.class, SmokeCommand.class, BatchCommand.class, PipelineCommand.class,
                FleetCommand.class, CompareCommand.class, PlotCommand.class,
                LatencyCommand.class, DoctorCommand.class},
        footerHeading = "%nExit codes:%n",
        footer = {"  0 ok   1 check failed   2 usage error   3 CUDA not usable   4 time limit",
                "  5 out of memory   6 measured while disturbed: nothing judged, re-run",
                "  70 other CUDA or internal failure",
                "  130 / 143 SIGINT / SIGTERM: what was measured is kept, marked incomplete",
                "  141 stdout's reader went away (as 130; nothing printed)"})
public final class XferCommand implements Callable<Integer>, GlobalOptions, CudaMixin.Root {

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "Print stack traces on failure and where libcudart was found.")
    private boolean verbose;

    // The root's own copies of the CUDA options (CudaMixin), so they also work before the command
    // name: xfer --timeout 10m smoke. Not inherited: fleet, compare and plot would ignore them.

    @Option(names = "--cudart", order = 1, paramLabel = "PATH", description = CudaMixin.CUDART_HELP)
    private Path cudart;

    @Option(names = "--timeout", order = 2, paramLabel = "DURATION", converter = DurationConverter.class,
            description = CudaMixin.TIMEOUT_HELP)
    private Duration timeout;

    @Option(names = "--label", order = 3, paramLabel = "TEXT", description = CudaMixin.LABEL_HELP)
    private String label;

    @Spec
    private CommandSpec spec;

    private final Activity activity = new Activity();

    private final StopRequest stop;
    private final GpuProbes probes;

    private CudaRuntime runtime;

    /** A root command whose run nothing outside asks to stop (tests, in-process runs). */
    public XferCommand() {
        this(new StopRequest());
    }

    /** A root command whose run {@code stop} may end early: signal handlers and the time limit write it. */
    public XferCommand(StopRequest stop) {
        this(stop, GpuProbes.unavailable("no GPU probe was given to this run"));
    }

    /** A root command whose GPUs' evidence is read through {@code probes} (Main gives NVML's). */
    public XferCommand(StopRequest stop, GpuProbes probes) {
        this.stop = stop;
        this.probes = probes;
    }

    @Override
    public GpuProbes probes() {
        return probes;
    }

    @Override
    public StopRequest stop() {
        return stop;
    }

    @Override
    public boolean verbose() {
        return verbose;
    }

    /** The run's time limit, if one was given. */
    @Override
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /** --label, if given: carried in every results document's context. */
    @Override
    public Optional<String> label() {
        return Optional.ofNullable(label).filter(l -> !l.isBlank());
    }

    /** What the run is doing now, for the time limit's message. */
    @Override
    public Activity activity() {
        return activity;
    }

    @Override
    public void cudart(Path path) {
        cudart = path;
    }

    @Override
    public void timeout(Duration limit) {
        timeout = limit;
    }

    @Override
    public void label(String text) {
        label = text;
    }

    /** The CUDA runtime, loaded on first use, once per run. */
    @Override
    public CudaRuntime cuda() {
        if (runtime == null) {
            activity.set("loading libcudart");
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
