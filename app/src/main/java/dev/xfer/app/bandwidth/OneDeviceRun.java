package dev.xfer.app.bandwidth;

import dev.xfer.app.result.Waiver;

import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NodePasses;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.run.UnusableOptionException;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.HostMemoryKind;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * {@code xfer bandwidth} on one GPU: the plan counted on the device, the copy kernel's notes, the
 * NUMA placement's passes, rows streamed as they are measured, and the run's shared end. Also the
 * per-device steps a run over several GPUs takes the same way ({@link #onDevice}, {@link #kernelRows},
 * {@link #document}).
 */
public final class OneDeviceRun {
    private final MeasuringRun measuring;
    private final NumaTopology topology;

    /** @param topology the host's NUMA nodes, read once by the command's --numa-node */
    public OneDeviceRun(MeasuringRun measuring, NumaTopology topology) {
        this.measuring = measuring;
        this.topology = topology;
    }

    /** One device: the run as it has always been, output and result names unchanged. */
    public FinishedRun run(Session session, BandwidthPlan given, NumaOption numa, ExpectationSet expectations) {
        return run(session, given, numa, expectations, List.of());
    }

    /**
     * One device, with {@code waived} beside what its engine waives: what the run was asked for and
     * cannot measure on this machine (p2p where {@code --device} found one GPU).
     */
    public FinishedRun run(Session session, BandwidthPlan asked, NumaOption numa, ExpectationSet expectations,
                           List<Waiver> waivedBefore) {
        OutputFormat format = measuring.format();
        RunContext context = session.context();
        // Confidential Computing forbids some host configurations and bounces the rest: waived and marked.
        ConfidentialComputingRules cc = ConfidentialComputingRules.apply(asked, measuring.confidentialComputing());
        List<Waiver> waivedHere = new ArrayList<>(waivedBefore);
        waivedHere.addAll(cc.waived());
        if (cc.plan().isEmpty()) {
            return waivedOnly(context, asked, cc.notes(), waivedHere, expectations);
        }
        BandwidthPlan given = cc.plan().get();
        OptionalDouble link = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());
        // One engine for the device: the plan counted on it, its kernel notes and every pass.
        BandwidthBenchmark engine = new BandwidthBenchmark(session.device(), link);
        BandwidthPlan plan = onDevice(engine, given);
        HostPlacement placement = HostPlacement.resolve(numa, topology, context.device().numaNode());
        ValidatedExpectations validated = measuring.validate(expectations, plan.declarations(
                link.isPresent(), placement.namesCarryNode() ? placement.placedNodes() : List.of()));
        List<String> notes = new ArrayList<>(NumaNodeOption.announce(placement, topology,
                format == OutputFormat.TEXT, measuring::warn));
        notes.addAll(measuring.runWideNotes(cc.notes()));
        int rows = kernelRows(engine, plan);
        Instant started = Instant.now();
        Progress progress = measuring.progress();
        LiveRun live = measuring.live();
        // Every pass keeps its rows here as they come: what streams, what a normal end reports, and
        // what a stop at a safe point keeps.
        BandwidthTally kept = new BandwidthTally(live::kept);
        HostPlacement planned = placement;
        // Rows stream as they are measured: the report of what is in so far, rendered again.
        live.streamFrom(() -> {
            BandwidthResults soFar = new BandwidthResults(context, plan, kept.results(),
                    kept.failures(), List.of(), planned, kept.unmeasured(), waivedHere);
            return rendering(soFar, () -> soFar.runResults(link));
        });
        List<Waiver> waived = new ArrayList<>(waivedHere);
        try {
            NodePasses<BandwidthBenchmark.Outcome> passes = NodePasses.run(placement, progress,
                    rows, (target, pass) -> engine.run(plan, target, pass, kept), BandwidthBenchmark.Outcome::target);
            // A waiver holds on every pass (--numa-node all): said once.
            passes.outcomes().stream().flatMap(o -> o.waived().stream()).filter(w -> !waived.contains(w))
                    .forEach(waived::add);
            placement = passes.placement();
        } catch (RunStopped stopped) {
            // Stopped at a safe point: what was measured and verified before it, in the tally, is the result.
        }
        List<BandwidthResult> results = kept.results();
        List<VerificationFailure> failures = kept.failures();
        List<Unmeasured> unmeasured = kept.unmeasured();
        measuring.progressDone();
        if (plan.directions().contains(CopyDirection.BIDIR) && plan.memories().contains(HostMemoryKind.HEAP)) {
            notes.add("heap memory takes no part in bidir: it needs asynchronous copies, and a heap array may move");
        }
        if (numa.given() && plan.memories().contains(HostMemoryKind.HEAP)) {
            notes.add("heap memory is the Java heap, which --numa-node does not place");
        }
        BandwidthResults report = new BandwidthResults(context, plan, results, failures, notes, placement, unmeasured,
                waived);
        RunResults measured = report.runResults(link);
        return measuring.finish(context, measured, validated, rendering(report, () -> measured), started);
    }

    /**
     * A run whose every configuration was waived here (Confidential Computing forbids them all): the
     * waivers and notes in a document without rows, which gates read as NO RESULT.
     */
    private FinishedRun waivedOnly(RunContext context, BandwidthPlan plan, List<String> notes, List<Waiver> waived,
                                   ExpectationSet expectations) {
        ValidatedExpectations validated = measuring.validate(expectations, List.of());
        Instant started = Instant.now();
        BandwidthResults report = BandwidthResults.waivedOnly(context, plan,
                measuring.runWideNotes(notes), waived);
        RunResults results = report.runResults(OptionalDouble.empty());
        return measuring.finish(context, results, validated, rendering(report, () -> results), started);
    }

    /** {@code plan} with {@code --blocks} counted in {@code engine}'s device's SMs; a range that makes no sense there is a usage error. */
    public static BandwidthPlan onDevice(BandwidthBenchmark engine, BandwidthPlan plan) {
        if (!plan.launchesGrids()) {
            return plan;
        }
        try {
            return engine.onDevice(plan);
        } catch (IllegalArgumentException e) {
            throw new UnusableOptionException(e.getMessage());
        }
    }

    /**
     * The copy kernel's part of the run on {@code engine}'s device, settled before anything is measured:
     * a usage error when the kinds it cannot reach there leave nothing at all to measure, or
     * {@code --blocks} makes no sense with the device's SM count. The kinds it cannot reach are waived
     * by the engine, each configuration with why ({@link KernelReach#waivers}). Returns the rows the
     * device will measure.
     */
    public static int kernelRows(BandwidthBenchmark probe, BandwidthPlan plan) {
        CudaDevice device = probe.device();
        int rows;
        try {
            rows = probe.configurations(plan);
        } catch (IllegalArgumentException e) {
            throw new UnusableOptionException(e.getMessage());
        }
        List<String> absences = probe.kernelAbsences(plan);
        boolean onlyKernel = plan.copies().stream().allMatch(CopyPath::launchesGrid);
        if (onlyKernel && plan.directions().stream().noneMatch(CopyDirection::deviceLocal) && absences.size() == plan.memories().size()
                && !absences.isEmpty()) {
            throw new UnusableOptionException("device " + device.index() + ": " + absences.getFirst()
                    + (absences.size() > 1 ? " (and " + (absences.size() - 1) + " more kinds like it)" : ""));
        }
        return rows;
    }

    /** One device's report in every format. */
    private static Rendering rendering(BandwidthResults report, Supplier<RunResults> results) {
        return Rendering.of(() -> BandwidthText.render(report), report.context().device().index(), results,
                () -> document(report));
    }

    /** One device's JSON document, alone or as one of several devices'. */
    public static GpuDocument document(BandwidthResults report) {
        return GpuDocument.of("bandwidth", report.context(), BandwidthParameters.of(report),
                BandwidthRow.rows(report.results()), FailureRow.rows(report.failures(), report.unmeasured()))
                .withWaived(report.waived());
    }
}
