package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInspector;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Optional;

/** One device opened for measuring, and the context its results carry. */
public record Session(CudaRuntime cuda, CudaDevice device, RunContext context) {

    /**
     * Describes device {@code index} of {@code cuda}: what every result carries.
     *
     * @param xferVersion the version the results name (the command line's)
     * @param label       {@code --label}, if given
     */
    public static Session open(CudaRuntime cuda, Activity activity, int index, String xferVersion,
                               Optional<String> label) {
        activity.set("reading device " + index);
        CudaDevice chosen = cuda.device(index);
        DeviceInfo info = new DeviceInspector(cuda, new PciDeviceReader()).inspect(chosen);
        RunContext context = new RunContext(xferVersion, Instant.now(), hostName(), info,
                cuda.runtimeVersion(), cuda.driverVersion(), label);
        return new Session(cuda, chosen, context);
    }

    /** The host name results carry. */
    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
