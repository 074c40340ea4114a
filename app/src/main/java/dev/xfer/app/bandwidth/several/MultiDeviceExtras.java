package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.bandwidth.concurrent.ConcurrentRow;
import dev.xfer.app.bandwidth.peer.PeerRow;
import dev.xfer.app.output.Extras;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a bandwidth run over several devices adds after its devices' documents: {@code concurrent}
 * (with {@code --concurrent}), {@code p2p} (with p2p) and {@code failures} (of those copies: data
 * that came back wrong, then each GPU share or way whose timer gave no time, which has no row; written
 * as a device's are; each device's own are in its document; always written, absent in documents
 * from before it was, as the schema allows).
 */
public record MultiDeviceExtras(Optional<List<ConcurrentRow>> concurrent, Optional<List<PeerRow>> p2p,
                                Optional<List<FailureRow>> failures) implements Extras {

    public MultiDeviceExtras {
        concurrent = concurrent.map(List::copyOf);
        p2p = p2p.map(List::copyOf);
        failures = failures.map(List::copyOf);
    }

    @Override
    public List<FailureRow> acrossFailures() {
        return failures.orElse(List.of());
    }

    /** The peer copies, then the concurrent runs: the order the gates have always read them in. */
    @Override
    public List<Across> across() {
        List<Across> out = new ArrayList<>();
        p2p.ifPresent(rows -> out.add(new Across("p2p", rows)));
        concurrent.ifPresent(rows -> out.add(new Across("concurrent", rows)));
        return out;
    }

    public static MultiDeviceExtras of(MultiDeviceResults report) {
        // Beside the copies whose data came back wrong: each concurrent GPU share and p2p way whose timer gave no time.
        List<FailureRow> failures = new ArrayList<>(FailureRow.rows(report.failures()));
        report.concurrent().ifPresent(c -> failures.addAll(ConcurrentRow.failures(c)));
        report.peers().ifPresent(p -> failures.addAll(PeerRow.failures(p)));
        return new MultiDeviceExtras(report.concurrent().map(ConcurrentRow::rows), report.peers().map(PeerRow::rows),
                Optional.of(failures));
    }
}
