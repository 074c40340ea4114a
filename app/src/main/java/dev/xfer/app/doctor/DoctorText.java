package dev.xfer.app.doctor;

import dev.xfer.app.format.TerminalText;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.topo.CudaStatus;

import java.util.List;
import java.util.Locale;

/**
 * The report as text for a person:
 *
 * <pre>
 * CUDA driver 13.0, runtime 13.0 (/usr/local/cuda/lib64/libcudart.so.13)
 * GPU0 0000:00:06.0  NVIDIA H100 80GB HBM3  Gen5 x16 (max Gen5 x16)  probe 1.4 s
 *
 * findings, most costly first:
 *  1. high   GPU0 0000:01:00.0  PCIe link below its maximum: the link trained x8 of x16: ...
 *           costs 31.5 GB/s (theoretical)
 *           evidence: current link Gen5 x8 (/sys/bus/pci/devices/0000:01:00.0/current_link_speed, ...)
 *           remedy: reseat the GPU ...
 *
 * checked, nothing lost:
 *   host  transparent-huge-pages: transparent huge pages: madvise
 *
 * unknown (not judged):
 *   GPU0 0000:00:06.0  clocks-throttled: unknown: libnvidia-ml.so.1 not found
 *
 * doctor: 1 finding costs bandwidth, 1 note, 12 checks clear, 6 unknown
 * </pre>
 */
public final class DoctorText {
    static final String GPUS_FROM_SYSFS = "GPUs from sysfs: CUDA is not usable here (why: on stderr)";
    static final String NO_GPU = "no NVIDIA GPU found";
    /** The most of one read text a line shows: well within what a terminal line should hold. */
    static final int SHOWN_WIDTH = 1000;

    private DoctorText() {
    }

    public static String render(DoctorReport report) {
        StringBuilder out = new StringBuilder();
        out.append(switch (report.cuda()) {
            case CudaStatus.Usable u -> "CUDA driver " + u.driver() + ", runtime " + u.runtime() + " ("
                    + TerminalText.field(u.libcudart().toString()) + ")";
            case CudaStatus.Unusable u -> GPUS_FROM_SYSFS;
        }).append('\n');
        if (report.gpus().isEmpty()) {
            out.append(NO_GPU).append('\n');
        }
        for (DoctorGpu gpu : report.gpus()) {
            out.append(gpu.scope().label());
            gpu.name().ifPresent(n -> out.append("  ").append(TerminalText.field(n)));
            out.append("  ").append(link(gpu));
            out.append("  ").append(gpu.probe().map(p -> String.format(Locale.ROOT, "probe %.1f s", p.seconds()))
                    .orElse("not probed: " + gpu.notProbed())).append('\n');
        }
        List<Finding> findings = report.findings();
        if (!findings.isEmpty()) {
            out.append("\nfindings, most costly first:\n");
            int rank = 1;
            for (Finding finding : findings) {
                String indent = "           ";
                out.append(String.format(Locale.ROOT, "%2d. %-7s", rank++, finding.severity().label()))
                        .append(finding.scope().label()).append("  ").append(finding.cause().title()).append(": ")
                        .append(shown(finding.summary())).append('\n');
                finding.cost().ifPresent(c -> out.append(indent).append("costs ")
                        .append(String.format(Locale.ROOT, "%.1f GB/s", c.gigabytesPerSecond()))
                        .append(" (").append(c.basis()).append(")\n"));
                finding.timeCost().ifPresent(t -> out.append(indent).append("costs ")
                        .append(String.format(Locale.ROOT, "%.2f s", t.seconds())).append(' ').append(t.when())
                        .append(" (").append(t.basis()).append(")\n"));
                for (Evidence evidence : finding.evidence()) {
                    out.append(indent).append("evidence: ").append(shown(line(evidence))).append('\n');
                }
                out.append(indent).append("remedy: ").append(shown(finding.remedy())).append('\n');
            }
        }
        if (!report.clear().isEmpty()) {
            out.append("\nchecked, nothing lost:\n");
            for (Diagnosis.Clear clear : report.clear()) {
                out.append("  ").append(clear.scope().label()).append("  ").append(clear.cause().id()).append(": ")
                        .append(shown(clear.summary())).append('\n');
            }
        }
        if (!report.unknown().isEmpty()) {
            out.append("\nunknown (not judged):\n");
            for (Diagnosis.Unknown unknown : report.unknown()) {
                out.append("  ").append(unknown.scope().label()).append("  ").append(unknown.cause().id())
                        .append(": unknown: ").append(shown(unknown.why())).append('\n');
            }
        }
        long costly = findings.stream().filter(f -> f.severity().costsBandwidth()).count();
        long notes = findings.size() - costly;
        out.append('\n').append(String.format(Locale.ROOT, "doctor: %d finding%s cost%s bandwidth, %d note%s,"
                        + " %d check%s clear, %d unknown", costly, costly == 1 ? "" : "s", costly == 1 ? "s" : "",
                notes, notes == 1 ? "" : "s", report.clear().size(), report.clear().size() == 1 ? "" : "s",
                report.unknown().size())).append('\n');
        return out.toString();
    }

    /** {@code Gen5 x16 (max Gen5 x16)}, or {@code link unknown} where sysfs does not say. */
    static String link(DoctorGpu gpu) {
        var current = gpu.pci().flatMap(PciDeviceInfo::currentLink);
        var max = gpu.pci().flatMap(PciDeviceInfo::maxLink);
        if (current.isEmpty() && max.isEmpty()) {
            return "link unknown";
        }
        return current.map(Texts::link).orElse("unknown") + " (max " + max.map(Texts::link).orElse("unknown") + ")";
    }

    static String line(Evidence evidence) {
        return evidence.what() + " " + evidence.value() + " (" + evidence.where() + ")";
    }

    /**
     * Text that carries what was read (a sysfs file's content, a path) escaped and capped: a file
     * in a fixture or a hostile tree must not forge lines on the terminal.
     */
    static String shown(String text) {
        return TerminalText.escaped(text, SHOWN_WIDTH);
    }
}
