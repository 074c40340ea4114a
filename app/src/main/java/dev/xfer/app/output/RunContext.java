package dev.xfer.app.output;

import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.cuda.CudaVersion;

import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Where and with what a measurement ran: shared by every measuring command's results, so any
 * result file says which GPU, link, driver and runtime produced it.
 */
public record RunContext(String xferVersion, Instant started, String host, DeviceInfo device,
                         CudaVersion runtime, CudaVersion driver, Optional<String> label) {

    /** A context without --label. */
    public RunContext(String xferVersion, Instant started, String host, DeviceInfo device,
                      CudaVersion runtime, CudaVersion driver) {
        this(xferVersion, started, host, device, runtime, driver, Optional.empty());
    }

    public Optional<PcieLink> link() {
        return device.transferLink();
    }

    /** One line for the top of a text output; the driver's GPU name is shown escaped. */
    public String headline() {
        String link = link().map(l -> String.format(Locale.ROOT, "%s (%.1f GB/s per direction)", l, l.theoreticalGBps()))
                .orElse("link unknown");
        return String.format(Locale.ROOT, "device %d: %s, %s, CUDA runtime %s, driver %s",
                device.index(), TerminalText.field(device.name()), link, runtime, driver);
    }

    /** This context as a document carries it under {@code context}; the evidence is added once judged. */
    public ContextDocument document() {
        return new ContextDocument(xferVersion, started.toString(), host, label, runtime.toString(),
                driver.toString(), DeviceDocument.of(device), Optional.empty());
    }
}
