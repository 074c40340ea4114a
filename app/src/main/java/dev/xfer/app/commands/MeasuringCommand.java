package dev.xfer.app.commands;

import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferCommand;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInspector;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.results.RunContext;
import dev.xfer.app.topology.PciDeviceReader;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Options and plumbing every measuring command shares: which device, which output format, the
 * run's context, progress on a terminal, and the JSON document envelope.
 */
public final class MeasuringCommand {
    /** Bumped whenever a field of the JSON documents changes meaning or disappears. */
    public static final int SCHEMA_VERSION = 1;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "N", description = "The GPU to measure, by CUDA index (default 0).")
    private int device = 0;

    @Option(names = "--json", description = "Print the results as JSON.")
    private boolean json;

    @Option(names = "--csv", description = "Print the results as CSV.")
    private boolean csv;

    private boolean progressShown;

    /** The device and the context its results carry. */
    public record Session(CudaRuntime cuda, CudaDevice device, RunContext context) {
    }

    public Session session() {
        CudaRuntime cuda = ((XferCommand) spec.root().userObject()).cuda();
        CudaDevice chosen = cuda.device(device);
        DeviceInfo info = new DeviceInspector(cuda, new PciDeviceReader()).inspect(chosen);
        RunContext context = new RunContext(XferVersion.xferVersion(), Instant.now(), hostName(), info,
                cuda.runtimeVersion(), cuda.driverVersion());
        return new Session(cuda, chosen, context);
    }

    public OutputFormat format() {
        if (json && csv) {
            throw new UsageException("--json and --csv exclude each other");
        }
        return json ? OutputFormat.JSON : csv ? OutputFormat.CSV : OutputFormat.TEXT;
    }

    /** Prints results on stdout; nothing else goes there. */
    public void print(String text) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        out.flush();
    }

    /** A progress line on stderr, only when stderr is likely a terminal, so logs and pipes stay clean. */
    public Progress progress() {
        if (System.console() == null || !System.console().isTerminal()) {
            return Progress.NONE;
        }
        PrintWriter err = spec.commandLine().getErr();
        return (done, total, configuration) -> {
            progressShown = true;
            err.print("\r\033[K[" + (done + 1) + "/" + total + "] " + configuration);
            err.flush();
        };
    }

    public void progressDone() {
        if (progressShown) {
            PrintWriter err = spec.commandLine().getErr();
            err.print("\r\033[K");
            err.flush();
        }
    }

    /** The JSON document every measuring command writes: schema, context, parameters, results. */
    public Map<String, Object> document(String command, RunContext context, Map<String, Object> parameters,
                                        List<Object> results, List<Object> failures) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", SCHEMA_VERSION);
        doc.put("command", command);
        doc.put("context", context.toJson());
        doc.put("parameters", parameters);
        doc.put("results", results);
        doc.put("failures", failures);
        return doc;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
