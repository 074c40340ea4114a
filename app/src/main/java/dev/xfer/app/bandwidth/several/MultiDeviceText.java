package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.BandwidthText;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.concurrent.AloneRates;
import dev.xfer.app.bandwidth.concurrent.ConcurrentText;
import dev.xfer.app.bandwidth.peer.PeerText;
import dev.xfer.app.format.TextSections;
import dev.xfer.app.result.Waiver;

import java.util.ArrayList;
import java.util.List;

/**
 * A bandwidth run over several devices as text: each device's report as one device's run prints
 * it (headline first), one after another with a blank line between; then the GPUs copying at
 * once, and the GPU-to-GPU matrices.
 */
public final class MultiDeviceText {
    private MultiDeviceText() {
    }

    public static String render(MultiDeviceResults report) {
        List<String> sections = new ArrayList<>();
        if (report.devices().stream().allMatch(MultiDeviceText::nothingOfItsOwn)) {
            // p2p alone: no device has rows of its own; the headlines still say which GPU is which,
            // each with its notes (Confidential Computing's marks).
            StringBuilder headlines = new StringBuilder();
            report.devices().forEach(d -> headlines.append(d.context().headline()).append('\n')
                    .append(BandwidthText.notes(d)));
            sections.add(headlines.toString());
        } else {
            report.devices().forEach(d -> sections.add(BandwidthText.render(d)));
        }
        report.concurrent().ifPresent(c -> sections.add(
                ConcurrentText.render(report.indices(), c, new AloneRates(report.devices()))));
        // With --pair or --pairs, the pairs chosen (and a sample's seed) head the matrices.
        String pairs = report.plan().pairs().every() ? "" : report.plan().pairs().line(report.indices()) + "\n";
        report.peers().ifPresent(p -> sections.add(pairs + PeerText.render(report.indices(), p,
                report.plan().kernelTiming().describe(report.plan().timer()))));
        StringBuilder out = new StringBuilder(TextSections.joined(sections));
        for (VerificationFailure f : report.failures()) {
            out.append("WRONG DATA: ").append(f.describe()).append('\n');
        }
        // What spans the GPUs and was not measured (a pair's TMA rows below 9.0), under the matrices.
        out.append(Waiver.text(report.waived()));
        return out.toString();
    }

    /**
     * Whether a device has nothing of its own to show but its notes: no rows, no failure, nothing
     * waived. A device whose every configuration was waived (Confidential Computing) shows its report.
     */
    private static boolean nothingOfItsOwn(BandwidthResults device) {
        return device.results().isEmpty() && device.failures().isEmpty() && device.unmeasured().isEmpty()
                && device.waived().isEmpty();
    }
}
