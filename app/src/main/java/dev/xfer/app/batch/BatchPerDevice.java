package dev.xfer.app.batch;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.measure.Tally;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NodePasses;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.sysfs.NumaTopology;

import java.util.ArrayList;
import java.util.List;

/**
 * One GPU's {@code xfer batch}, as the each-device loop runs it: the strategies measured on each
 * NUMA placement pass, the results finished before a stop kept, and the report in every format.
 */
public final class BatchPerDevice implements EachDevice.Measurement {
    private final MeasuringRun measuring;
    private final BatchPlan plan;
    private final NumaOption numa;
    private final NumaTopology topology;

    /** @param topology the host's NUMA nodes, read once by the command's --numa-node */
    public BatchPerDevice(MeasuringRun measuring, BatchPlan plan, NumaOption numa, NumaTopology topology) {
        this.measuring = measuring;
        this.plan = plan;
        this.numa = numa;
        this.topology = topology;
    }

    @Override
    public EachDevice.Measured measure(Session session, Progress progress) {
        HostPlacement placement = HostPlacement.resolve(numa, topology, session.context().device().numaNode());
        List<String> notes = NumaNodeOption.announce(placement, topology, measuring.format() == OutputFormat.TEXT,
                measuring::warn);
        LiveRun live = measuring.live();
        // This GPU's results, every pass's, kept as each strategy is measured: what a stop keeps.
        Tally<BatchResult> kept = new Tally<>(live::kept);
        List<BatchResult> results;
        List<BatchHostMemory> hostMemory;
        List<dev.xfer.app.result.Waiver> waived = new ArrayList<>();
        // One engine for the device, every placement pass run by it.
        BatchBenchmark engine = new BatchBenchmark(session.device(), session.cuda().batchedCopiesMissing());
        try {
            NodePasses<BatchBenchmark.Outcome> passes = NodePasses.run(placement, progress, plan.strategies().size(),
                    (target, passProgress) -> engine.run(plan, target, passProgress, kept),
                    BatchBenchmark.Outcome::target);
            results = passes.outcomes().stream().flatMap(o -> o.results().stream()).toList();
            hostMemory = passes.outcomes().stream().map(BatchBenchmark.Outcome::hostMemory).toList();
            // A strategy waived on one pass (--numa-node all) is waived on every one: said once each.
            passes.outcomes().stream().flatMap(o -> o.waived().stream()).filter(w -> !waived.contains(w))
                    .forEach(waived::add);
            placement = passes.placement();
        } catch (RunStopped stopped) {
            // Each strategy's result stands alone: those measured on this GPU before the stop are kept.
            if (kept.isEmpty()) {
                throw stopped;
            }
            results = kept.all();
            hostMemory = List.of();
            waived.addAll(BatchBenchmark.Outcome.waivers(results));
        }
        BatchResults report = new BatchResults(session.context(), plan, results, notes, placement, hostMemory,
                waived);
        return EachDevice.Measured.of(session.context(), report.runResults(),
                () -> BatchText.text(report),
                () -> BatchDocument.of(report));
    }
}
