package dev.xfer.app.devices.command;

import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.OutputMixin;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceInspector;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInventory;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.GpuProbe;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.devices.DeviceInventoryDocument;
import dev.xfer.app.devices.DevicesText;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.run.HostView;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.app.format.OutputTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code xfer devices}: each GPU as the runtime and sysfs describe it. */
@Command(name = "devices", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = "Describe each GPU: memory, copy engines, PCI bus id, NUMA node and CPU affinity, PCIe link.")
public final class DevicesCommand implements Callable<Integer> {
    @ParentCommand
    private GlobalOptions root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "Print JSON instead of text.")
    private boolean json;

    /** --output FILE: the report there instead of stdout. */
    @Mixin
    private OutputMixin output;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        OutputTarget outputTarget = output.target();
        DeviceInventory report = new DeviceInspector(root.cuda(), new PciDeviceReader()).inspectAll();
        Reading<ConfidentialComputingState> cc = confidentialComputing(report);
        HostView.print(spec.commandLine().getOut(), outputTarget, json,
                () -> document(XferVersion.xferVersion(), report).withConfidentialComputing(cc),
                () -> DevicesText.render(report) + ConfidentialComputingState.line(cc) + "\n");
        return ExitCode.OK;
    }

    /** The system's Confidential Computing state, through the first GPU's NVML probe; unknown without one. */
    private Reading<ConfidentialComputingState> confidentialComputing(DeviceInventory report) {
        if (report.devices().isEmpty()) {
            return Reading.unknown("no GPU to read it through");
        }
        DeviceInfo first = report.devices().getFirst();
        try (GpuProbe probe = root.probes().open(new GpuProbes.Target(first.index(), first.pciBusId(), first.uuid()))) {
            return probe.confidentialComputing();
        }
    }

    /** The JSON document {@code --json} prints; package-private so a test can build it from fixed records. */
    public static DeviceInventoryDocument document(String xferVersion, DeviceInventory report) {
        return DeviceInventoryDocument.of(DocumentSchema.VERSION, xferVersion, report);
    }
}
