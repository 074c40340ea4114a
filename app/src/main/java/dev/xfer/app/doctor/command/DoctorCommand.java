package dev.xfer.app.doctor.command;

import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.OutputMixin;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.doctor.DoctorJUnit;
import dev.xfer.app.doctor.DoctorDocument;
import dev.xfer.app.doctor.DoctorReport;
import dev.xfer.app.doctor.DoctorText;
import dev.xfer.app.doctor.probe.DoctorRun;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.run.HostView;
import dev.xfer.app.run.Outputs;
import dev.xfer.app.run.Session;
import dev.xfer.app.topo.CudaStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;

/**
 * {@code xfer doctor}: why copies are slower than the link. Reads what the machine shows (sysfs,
 * config space, CUDA), runs a short probe on each GPU, and prints each cause it finds with its
 * evidence, the bandwidth it costs and a remedy, ranked. Without a usable CUDA it still prints what
 * sysfs shows and exits 3.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        header = "Explain why copies are slower than the link: each cause with its evidence, cost and remedy.",
        description = {"Reads the PCIe links, MaxPayload and MaxReadReq (config space), the IOMMU, ACS on the"
                + " bridges, transparent huge pages, the CPU governor and the NUMA nodes, runs a short probe on"
                + " each GPU (pageable against pinned, the staged path and its host copies, near and far memory,"
                + " the host's reads of write-combined memory, peer access), times its first CUDA calls, reads"
                + " NVML (clock slowdowns, PCIe replays during the probe, persistence mode, with the first calls'"
                + " time as its cost, other processes, link traffic over a quiet 250 ms, peer status and"
                + " topology), and"
                + " prints the findings ranked, most costly first.",
                "Exit 0 when nothing costs bandwidth, 1 when a finding does, 3 when no driver or GPU is usable"
                        + " (what sysfs shows is still printed). Evidence it cannot read (config space without"
                        + " root, NVML missing) is unknown, never a finding."})
public final class DoctorCommand implements Callable<Integer> {
    @ParentCommand
    private GlobalOptions root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "N|all|LIST", converter = dev.xfer.app.cli.DeviceListConverter.class,
            description = "The GPUs to examine: a CUDA index, all (the default), or a list such as 0,2,3.")
    private DeviceSelection device = DeviceSelection.everyDevice();

    @Option(names = "--json", description = "Print the findings as a JSON document instead of text.")
    private boolean json;

    /** --output FILE: the report there instead of stdout. */
    @Mixin
    private OutputMixin output;

    @Option(names = "--junit", paramLabel = "FILE",
            description = "Also write a JUnit XML report: a case per check, failed where a finding costs bandwidth.")
    private Path junit;

    @Option(names = "--no-probe", description = "Measure nothing: judge only what the machine shows.")
    private boolean noProbe;

    /** Where sysfs is; tests point it at fixture trees. */
    @Option(names = "--sysfs-root", hidden = true, paramLabel = "PATH", defaultValue = "/sys")
    private Path sysfsRoot;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        OutputTarget outputTarget = output.target();
        OutputTarget junitTarget = Outputs.resolve("--junit", junit);
        Outputs.requireApart(outputTarget, junitTarget);
        Outputs.requireNoDocumentReplaced(junitTarget);
        if (outputTarget == null) {
            Outputs.requireStdoutFree("the findings without --output (text or --json)", junitTarget);
        }
        Instant started = Instant.now();
        root.activity().set("examining the machine");
        DoctorReport report = new DoctorRun(sysfsRoot, ErrorLine::line, root.probes())
                .run(root::cuda, device, !noProbe);
        if (report.cuda() instanceof CudaStatus.Unusable unusable) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("xfer: " + unusable.reason());
            err.flush();
        }
        HostView.print(spec.commandLine().getOut(), outputTarget, json, () -> document(XferVersion.xferVersion(), report),
                () -> DoctorText.render(report));
        if (junitTarget != null) {
            Outputs.write(junitTarget, JUnitXml.render(DoctorJUnit.suite(report, started, Session.hostName())),
                    spec.commandLine().getOut());
        }
        return exitCode(report);
    }

    /** 3 without a usable CUDA, else 1 when a finding costs bandwidth, else 0. */
    static int exitCode(DoctorReport report) {
        if (!report.cuda().usable()) {
            return ExitCode.CUDA_UNAVAILABLE;
        }
        return report.costsBandwidth() ? ExitCode.CHECK_FAILED : ExitCode.OK;
    }

    /** The JSON document {@code --json} prints; package-private so a test can build it from a fixture. */
    static DoctorDocument document(String xferVersion, DoctorReport report) {
        return DoctorDocument.of(DocumentSchema.VERSION, xferVersion, report);
    }
}
