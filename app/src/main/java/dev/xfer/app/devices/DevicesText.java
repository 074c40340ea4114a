package dev.xfer.app.devices;

import dev.xfer.app.format.Approximate;
import dev.xfer.app.format.TerminalText;
import dev.xfer.app.sysfs.PcieLink;

import java.util.Locale;
import java.util.Optional;

/** The devices report as text for a person: one block per GPU, then the software stack. */
public final class DevicesText {
    private DevicesText() {
    }

    public static String render(DeviceInventory report) {
        StringBuilder out = new StringBuilder();
        for (DeviceInfo d : report.devices()) {
            out.append("Device ").append(d.index()).append(": ").append(TerminalText.field(d.name())).append('\n');
            line(out, "compute capability", d.computeCapability());
            line(out, "memory", Approximate.bytes(d.memoryTotalBytes()) + " total, " + Approximate.bytes(d.memoryFreeBytes())
                    + " free (" + d.memoryTotalBytes() + " / " + d.memoryFreeBytes() + " bytes)");
            line(out, "multiprocessors", Integer.toString(d.multiprocessors()));
            line(out, "copy engines", d.asyncEngines() + " async ("
                    + (d.asyncEngines() >= 2 ? "H2D and D2H can overlap" : d.asyncEngines() == 1
                    ? "copies overlap kernels, not each other" : "no overlap") + ")");
            line(out, "copy and execute", d.concurrentCopyAndExecute() ? "concurrent" : "not concurrent");
            line(out, "PCI bus id", d.normalizedBusId());
            line(out, "NUMA node", d.numaNode().isPresent() ? Integer.toString(d.numaNode().getAsInt()) : "unknown");
            line(out, "CPU affinity", d.cpuAffinity().orElse("unknown"));
            line(out, "PCIe link", link(d.currentLink()) + " current, " + link(d.maxLink()) + " max");
            line(out, "link rate", d.transferLink().map(l -> String.format(Locale.ROOT,
                    "%.1f GB/s per direction (theoretical, %s)", l.theoreticalGBps(), l)).orElse("unknown"));
            out.append('\n');
        }
        out.append("CUDA driver ").append(report.driver()).append(", runtime ").append(report.runtime())
                .append(" (").append(TerminalText.sentence(report.libcudart().toString())).append(")\n");
        return out.toString();
    }

    private static String link(Optional<PcieLink> link) {
        return link.map(PcieLink::toString).orElse("unknown");
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "  %-20s %s\n", label, value));
    }
}
