package dev.xfer.app.topo.command;

import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.OutputMixin;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceInspector;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.run.HostView;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.app.topo.CudaStatus;
import dev.xfer.app.topo.TopoInspector;
import dev.xfer.app.topo.TopoInventory;
import dev.xfer.app.topo.TopoDocument;
import dev.xfer.app.topo.TopoText;
import dev.xfer.app.format.OutputTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code xfer topo}: GPUs against NUMA nodes, like {@code nvidia-smi topo -m}. A host view: without
 * a usable CUDA it lists the GPUs sysfs knows, says why CUDA was not usable in one {@code xfer:}
 * line on stderr (the document keeps the reason too) and still exits 0.
 */
@Command(name = "topo", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Show the host's topology as a matrix: each GPU against each NUMA node (local or remote),"
                + " with its bus id, PCIe link and CPU affinity; then each node's CPUs and memory.",
                "Works without CUDA: the GPUs then come from sysfs, named by bus id."})
public final class TopoCommand implements Callable<Integer> {
    @ParentCommand
    private GlobalOptions root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "Print JSON instead of text.")
    private boolean json;

    /** --output FILE: the report there instead of stdout. */
    @Mixin
    private OutputMixin output;

    /** Where sysfs is; tests point it at fixture trees. */
    @Option(names = "--sysfs-root", hidden = true, paramLabel = "PATH", defaultValue = "/sys")
    private Path sysfsRoot;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        OutputTarget outputTarget = output.target();
        root.activity().set("reading the topology");
        TopoInventory report = new TopoInspector(sysfsRoot, ErrorLine::line).inspect(
                () -> new DeviceInspector(root.cuda(), new PciDeviceReader(sysfsRoot)).inspectAll());
        if (report.cuda() instanceof CudaStatus.Unusable unusable) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("xfer: " + unusable.reason());
            err.flush();
        }
        HostView.print(spec.commandLine().getOut(), outputTarget, json, () -> document(XferVersion.xferVersion(), report),
                () -> TopoText.render(report));
        return ExitCode.OK;
    }

    /** The JSON document {@code --json} prints; package-private so a test can build it from a fixture. */
    public static TopoDocument document(String xferVersion, TopoInventory report) {
        return TopoDocument.of(DocumentSchema.VERSION, xferVersion, report);
    }
}
