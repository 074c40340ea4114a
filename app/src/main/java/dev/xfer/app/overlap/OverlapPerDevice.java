package dev.xfer.app.overlap;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NodePasses;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.run.ConfidentialComputingOneKindRules;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.run.TerminalWidth;
import dev.xfer.app.sysfs.NumaTopology;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One GPU's {@code xfer overlap}, as the each-device loop runs it: Confidential Computing's rules
 * for its one memory kind, the schedules measured on each NUMA placement pass, and the report in
 * every format (with --timeline, the streams drawn too).
 */
public final class OverlapPerDevice implements EachDevice.Measurement {
    private final MeasuringRun measuring;
    private final OverlapPlan plan;
    private final NumaOption numa;
    private final NumaTopology topology;
    private final boolean timeline;

    /**
     * @param topology the host's NUMA nodes, read once by the command's --numa-node
     * @param timeline --timeline: the text ends with the streams' timeline drawn for the terminal
     */
    public OverlapPerDevice(MeasuringRun measuring, OverlapPlan plan, NumaOption numa, NumaTopology topology,
                            boolean timeline) {
        this.measuring = measuring;
        this.plan = plan;
        this.numa = numa;
        this.topology = topology;
        this.timeline = timeline;
    }

    @Override
    public EachDevice.Measured measure(Session session, Progress progress) {
        // Confidential Computing settles the run before anything is allocated: its memory refused, or its copies marked.
        List<String> confidential = ConfidentialComputingOneKindRules.notes(plan.memory(),
                measuring.confidentialComputing());
        HostPlacement placement = HostPlacement.resolve(numa, topology, session.context().device().numaNode());
        List<String> notes = new ArrayList<>(NumaNodeOption.announce(placement, topology,
                measuring.format() == OutputFormat.TEXT, measuring::warn));
        notes.addAll(measuring.runWideNotes(confidential));
        // One engine for the device, every placement pass run by it.
        OverlapBenchmark engine = new OverlapBenchmark(session.device());
        NodePasses<OverlapBenchmark.Outcome> ran = NodePasses.run(placement, progress, plan.schedules().size() + 1,
                (target, passProgress) -> engine.run(plan, target, passProgress),
                OverlapBenchmark.Outcome::target);
        List<OverlapResults.Pass> passes = new ArrayList<>();
        for (int i = 0; i < ran.outcomes().size(); i++) {
            OverlapBenchmark.Outcome outcome = ran.outcomes().get(i);
            passes.add(new OverlapResults.Pass(placement.targets().get(i).node(), outcome.model(), outcome.results(),
                    outcome.timelines()));
        }
        OverlapResults report = new OverlapResults(session.context(), plan, passes, notes, ran.placement());
        return EachDevice.Measured.of(session.context(), report.runResults(),
                () -> timeline ? OverlapText.render(report) + "\n" + TimelineText.render(report.timelines(),
                        report.model().map(m -> OptionalDouble.of(m.idealMs())).orElse(OptionalDouble.empty()),
                        TerminalWidth.columns(), TerminalWidth.colour())
                        : OverlapText.render(report),
                () -> OverlapDocument.of(report));
    }
}
