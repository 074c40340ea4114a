package dev.xfer.app.output;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.KernelCopyFixtures;
import dev.xfer.app.bandwidth.MeasuredMemory;
import dev.xfer.app.bandwidth.RowDirection;
import dev.xfer.app.bandwidth.TmaFixtures;
import dev.xfer.app.bandwidth.Unmeasured;
import dev.xfer.app.bandwidth.pattern.PatternFixtures;
import dev.xfer.app.bandwidth.pattern.PatternRow;
import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.batch.BatchResult;
import dev.xfer.app.batch.BatchResults;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.latency.ChaseOrder;
import dev.xfer.app.latency.LatencyPlan;
import dev.xfer.app.latency.LatencyResult;
import dev.xfer.app.latency.LatencyResults;
import dev.xfer.app.latency.LatencyRun;
import dev.xfer.app.latency.LatencyTarget;
import dev.xfer.app.overlap.OverlapResult;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.pipeline.PipelineOutcome;
import dev.xfer.app.pipeline.PipelinePlan;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.MIB16;

/**
 * What every command's live path hands to {@code --expect}, {@code --junit} and {@code --csv}
 * while it measures, from fixed engine results, pinned in {@code golden/live-results.txt}: each
 * result's name, JUnit configuration, link rate, record and figures as shown, the metrics and
 * configurations derived from them, and what each plan declares before measuring. The live path
 * must derive them as it did whatever builds them, so a difference here is a result renamed, a
 * figure changed or a check lost.
 */
class LiveResultsEquivalenceTest {
    private static final OptionalDouble LINK = OptionalDouble.of(63.015);

    @Test
    void everyCommandsLiveResultsReadAsTheyDid() throws IOException {
        StringBuilder out = new StringBuilder();
        bandwidth(out);
        overlap(out);
        pipeline(out);
        batch(out);
        check(out);
        latency(out);
        severalDevices(out);
        GoldenFile.assertMatches("live-results.txt", out.toString(),
                "the results a run hands to --expect, --junit or --csv changed: the live path must derive them"
                        + " as before");
    }

    private static void bandwidth(StringBuilder out) {
        BandwidthResults plain = ResultsFixtures.bandwidthReport();
        List<BandwidthResult> rows = new ArrayList<>(plain.results());
        // A device-local copy that reads its peer's memory: no share of the host's link.
        rows.add(new BandwidthResult(MeasuredMemory.fromLabel("device"), RowDirection.fromLabel("d2d-read"), MIB16,
                ResultsFixtures.summary(20, 1200.5, 1190.25, 1210.0, 1201.0, 4.5),
                ResultsFixtures.summary(20, 13.9, 13.8, 14.1, 13.95, 0.05), OptionalDouble.empty(), true));
        BandwidthResults withD2dRead = new BandwidthResults(plain.context(), plain.plan(), rows, plain.failures(),
                plain.notes());
        section(out, "bandwidth", withD2dRead.runResults(LINK));
        section(out, "bandwidth without a link", plain.runResults(OptionalDouble.empty()));
        section(out, "bandwidth staged", ResultsFixtures.bandwidthReportStaged().runResults(LINK));
        section(out, "bandwidth all nodes", ResultsFixtures.bandwidthReportAllNodes().runResults(LINK));
        section(out, "bandwidth kernel", KernelCopyFixtures.report().runResults(LINK));
        section(out, "bandwidth tma", TmaFixtures.report().runResults(LINK));
        BandwidthResults unmeasured = new BandwidthResults(plain.context(), plain.plan(),
                plain.results().stream().filter(BandwidthResult::verified).toList(), List.of(), List.of(),
                HostPlacement.none(), List.of(new Unmeasured(MeasuredMemory.fromLabel("pinned"),
                RowDirection.fromLabel("h2d"), MIB16, CopyPath.DRIVER, Optional.empty(), OptionalInt.of(1),
                "sample 3 of 20 was NaN s: the timer gave no time"), new Unmeasured(MeasuredMemory.fromLabel("pinned"),
                RowDirection.fromLabel("d2h"), MIB16, CopyPath.BATCH_API, Optional.empty(), OptionalInt.empty(),
                "sample 1 of 20 was NaN s: the timer gave no time", OptionalInt.of(4))));
        section(out, "bandwidth unmeasured", unmeasured.runResults(LINK));
        section(out, "bandwidth waived", plain.withWaived(PeerPlan.waived(plain.plan(), "one GPU")).runResults(LINK));
        declarations(out, "bandwidth", plain.plan().declarations(true));
        declarations(out, "bandwidth kernel nodes", KernelCopyFixtures.plan().declarations(true, List.of(0, 1)));
        declarations(out, "bandwidth tma", TmaFixtures.plan().declarations(false));
    }

    private static void overlap(StringBuilder out) {
        section(out, "overlap", ResultsFixtures.overlapReport().runResults());
        section(out, "overlap all nodes", ResultsFixtures.overlapReportAllNodes().runResults());
        OverlapResults r = ResultsFixtures.overlapReport(ResultsFixtures.h200());
        OverlapResults.Pass pass = r.passes().getFirst();
        List<OverlapResult> results = pass.results().stream().map(one -> one.schedule() != OverlapSchedule.V1 ? one
                : new OverlapResult(one.schedule(), Summarized.of(new double[] {0.47, Double.NaN}, "ms"), Double.NaN,
                        OptionalDouble.empty(), 3.5e-3, Double.NaN)).toList();
        section(out, "overlap unmeasured", new OverlapResults(r.context(), r.plan(), List.of(new OverlapResults.Pass(
                OptionalInt.empty(), pass.model(), results, pass.timelines())), List.of(), HostPlacement.none())
                .runResults());
        declarations(out, "overlap", r.plan().declarations());
        declarations(out, "overlap nodes", r.plan().declarations(List.of(0, 1)));
    }

    private static void pipeline(StringBuilder out) {
        PipelinePlan plan = ResultsFixtures.pipelinePlan();
        section(out, "pipeline", ResultsFixtures.pipelineResult(1.5e-7).runResults(plan));
        section(out, "pipeline above tolerance", ResultsFixtures.pipelineResult(0.25).runResults(plan));
        section(out, "pipeline error NaN", ResultsFixtures.pipelineResult(Double.NaN).runResults(plan));
        section(out, "pipeline unmeasured", new PipelineOutcome.Unmeasured("the batches: no time").runResults(plan));
        declarations(out, "pipeline", plan.declarations());
    }

    private static void batch(StringBuilder out) {
        BatchResults r = ResultsFixtures.batchReport();
        section(out, "batch", r.runResults());
        section(out, "batch all nodes", ResultsFixtures.batchReportAllNodes().runResults());
        List<BatchResult> results = r.results().stream().map(one -> one.strategy() != BatchStrategy.PINNED_ASYNC ? one
                : new BatchResult(one.strategy(), Optional.of(Summarized.of(new double[] {2, Double.NaN}, "ms")),
                        Double.NaN, OptionalDouble.empty(), Optional.empty(), Optional.empty())).toList();
        section(out, "batch unmeasured", new BatchResults(r.context(), r.plan(), results).runResults());
        declarations(out, "batch", r.plan().declarations());
        declarations(out, "batch nodes", r.plan().declarations(List.of(0, 1)));
    }

    private static void check(StringBuilder out) {
        CheckResults r = ResultsFixtures.checkReport();
        section(out, "check", r.runResults());
        declarations(out, "check", r.plan().declarations());
    }

    private static void latency(StringBuilder out) {
        LatencyPlan plan = new LatencyPlan(List.of(4096L, 2L << 20), List.of(LatencyTarget.Kind.values()), 100_000, 5,
                ChaseOrder.RANDOM, 1);
        List<LatencyResult> results = List.of(
                new LatencyResult(LatencyTarget.HOST, 4096, 100_000, new Summary(1190.5, 1188.25, 1201.0, 1192.0, 5.25, 5),
                        Optional.empty()),
                new LatencyResult(LatencyTarget.DEVICE, 4096, 100_000,
                        Summarized.of(new double[] {38.5, Double.NaN, 38.25}, "ns"), Optional.empty()),
                new LatencyResult(LatencyTarget.DEVICE, 2L << 20, 100_000, new Summary(263.0, 262.5, 265.0, 263.5, 1.0, 5),
                        Optional.of("the chase ended at 0x1000, not at 0x2000")));
        section(out, "latency", new LatencyResults(ResultsFixtures.context(), plan, new LatencyRun(results, List.of()))
                .runResults());
        declarations(out, "latency", plan.declarations(List.of(1)));
    }

    private static void severalDevices(StringBuilder out) {
        MultiDeviceResults concurrent = MultiDeviceFixtures.concurrentReport();
        for (BandwidthResults device : concurrent.devices()) {
            section(out, "bandwidth device " + device.context().device().index(),
                    MultiDeviceResults.deviceRunResults(device, LINK));
        }
        for (RunResults spanning : concurrent.spanningRunResults(List.of(LINK, OptionalDouble.empty()))) {
            section(out, "spanning concurrent", spanning);
        }
        section(out, "concurrent without links",
                concurrent.concurrentRunResults(List.of()).orElseThrow());
        section(out, "peer", MultiDeviceFixtures.peerReport().peerRunResults().orElseThrow());
        section(out, "peer pairs", MultiDeviceFixtures.peerPairsReport().peerRunResults().orElseThrow());
        section(out, "peer read", MultiDeviceFixtures.peerReadReport().peerRunResults().orElseThrow());
        section(out, "pattern", PatternRow.runResults(PatternFixtures.results()));
    }

    private static void section(StringBuilder out, String title, RunResults results) {
        out.append("== ").append(title).append(" (").append(results.command()).append(")\n");
        for (RunResult r : results.results()) {
            out.append("result ").append(r.name()).append(" configuration ").append(r.configuration())
                    .append(" link ").append(r.linkGBps()).append('\n');
            out.append("  ").append(r.result().identity().labels()).append(' ').append(r.result()).append('\n');
            out.append("  shown ").append(r.measured().shown()).append('\n');
        }
        for (Metric m : results.metrics()) {
            out.append("metric ").append(m).append('\n');
        }
        for (MeasuredConfiguration c : results.configurations()) {
            out.append("configuration ").append(c).append('\n');
        }
        results.waived().forEach(w -> out.append("waived ").append(w).append('\n'));
    }

    private static void declarations(StringBuilder out, String title, List<MetricDeclaration> declared) {
        out.append("== declared ").append(title).append('\n');
        declared.forEach(d -> out.append("  ").append(d).append('\n'));
    }
}
