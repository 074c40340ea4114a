package dev.xfer.app.latency;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.measure.Tally;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.Session;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One GPU's {@code xfer latency}, as the each-device loop runs it: Confidential Computing's rules
 * for the host target, its peers among the selected GPUs, what it cannot chase waived, rows
 * streamed as measured, the configurations finished before a stop kept, and the report in every
 * format.
 */
public final class LatencyPerDevice implements EachDevice.Measurement {
    private final MeasuringRun measuring;
    private final LatencyPlan plan;
    private final DeviceSelection selection;

    /** @param selection --device: the GPUs besides this one are its peers */
    public LatencyPerDevice(MeasuringRun measuring, LatencyPlan plan, DeviceSelection selection) {
        this.measuring = measuring;
        this.plan = plan;
        this.selection = selection;
    }

    @Override
    public EachDevice.Measured measure(Session session, Progress progress) {
        // Confidential Computing settles the host target before the device is asked anything.
        ConfidentialComputingLatencyRules cc = ConfidentialComputingLatencyRules.apply(plan,
                measuring.confidentialComputing());
        List<String> notes = measuring.runWideNotes(cc.notes());
        if (cc.plan().isEmpty()) {
            // Every target waived: nothing to chase, so nothing is allocated; the document has no rows.
            return measured(session, List.of(), new LatencyResults(session.context(), plan,
                    new LatencyRun(List.of(), cc.waived()), notes));
        }
        LatencyPlan chased = cc.plan().get();
        int count = session.cuda().deviceCount();
        int self = session.device().index();
        List<Integer> peers = selection.isSingle() ? List.of()
                : selection.resolve(() -> count).stream().filter(i -> i != self).toList();
        LatencyBenchmark engine = new LatencyBenchmark(session.cuda(), session.device(), progress);
        // What this GPU cannot chase is settled first, so a run stopped later still says it.
        LatencyBenchmark.Reach reach = engine.reach(chased, peers, whyNoPeers(selection, count));
        List<Waiver> waived = new ArrayList<>(cc.waived());
        waived.addAll(reach.waived());
        LiveRun live = measuring.live();
        // This GPU's results as each configuration is measured: what streams, and what a stop keeps.
        Tally<LatencyResult> kept = new Tally<>(live::kept);
        // Rows stream (--csv, --jsonl) as they are measured: this GPU's report so far, rendered again.
        live.streamFrom(() -> {
            LatencyResults soFar = new LatencyResults(session.context(), chased, new LatencyRun(kept.all(), waived),
                    notes);
            return rendering(session, peers, soFar, soFar::runResults);
        });
        List<LatencyResult> results;
        try {
            results = engine.measure(chased, reach, kept).results();
        } catch (RunStopped stopped) {
            // Each configuration stands alone: those finished on this GPU before the stop are kept, and so
            // are its waivers, settled before the first chase; with neither, the run has nothing of this GPU.
            if (kept.isEmpty() && waived.isEmpty()) {
                throw stopped;
            }
            results = kept.all();
        }
        return measured(session, peers, new LatencyResults(session.context(), chased, new LatencyRun(results, waived),
                notes));
    }

    private static EachDevice.Measured measured(Session session, List<Integer> peers, LatencyResults report) {
        RunResults results = report.runResults();
        return new EachDevice.Measured(session.context(), results, rendering(session, peers, report, () -> results));
    }

    private static Rendering rendering(Session session, List<Integer> peers, LatencyResults report,
                                       Supplier<RunResults> results) {
        return Rendering.of(
                () -> LatencyText.render(report),
                session.context().device().index(), results,
                () -> LatencyDocument.of(report, peers));
    }

    /** Why a run that asked for peers has none: the reason its peer configurations are waived with. */
    public static String whyNoPeers(DeviceSelection selection, int deviceCount) {
        if (deviceCount < 2) {
            return "this machine has one GPU, and peer latency needs two";
        }
        return "--device " + selection.label() + " selects one GPU of " + deviceCount
                + "; peer latency needs two (--device all or a list such as 0,1)";
    }
}
