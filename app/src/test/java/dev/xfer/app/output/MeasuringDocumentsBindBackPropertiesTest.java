package dev.xfer.app.output;

import dev.xfer.app.batch.BatchDocument;
import dev.xfer.app.batch.BatchPlan;
import dev.xfer.app.batch.BatchResult;
import dev.xfer.app.batch.BatchResults;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.latency.ChaseOrder;
import dev.xfer.app.latency.LatencyDocument;
import dev.xfer.app.latency.LatencyPlan;
import dev.xfer.app.latency.LatencyResult;
import dev.xfer.app.latency.LatencyResults;
import dev.xfer.app.latency.LatencyRun;
import dev.xfer.app.latency.LatencyTarget;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.pipeline.PipelineDocument;
import dev.xfer.app.pipeline.PipelineModel;
import dev.xfer.app.pipeline.PipelineOutcome;
import dev.xfer.app.pipeline.PipelinePlan;
import dev.xfer.app.pipeline.PipelineResult;
import dev.xfer.app.stats.Summarized;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Any document of overlap, latency, batch, pipeline and check that xfer writes binds back to an
 * equal record, and the gates read a result for each of its figures: generated engine results go
 * through the command's own document builder (the call its {@code *PerDevice} makes),
 * {@code Json.write} and {@code MeasuredDocuments.read}. Not-measured configurations are among
 * them: they are written as {@code failures} entries.
 */
class MeasuringDocumentsBindBackPropertiesTest {

    // ---- overlap: OverlapPerDevice writes OverlapDocument.of(report)

    @Property
    void anOverlapDocumentBindsBack(@ForAll("overlapReports") OverlapResults report) {
        BindsBack.assertBindsBack("overlap", OverlapDocument.of(report));
    }

    @Provide
    Arbitrary<OverlapResults> overlapReports() {
        return GeneratedReports.overlapReports();
    }

    // ---- latency: LatencyPerDevice writes LatencyDocument.of(report, peers)

    @Property
    void aLatencyDocumentBindsBack(@ForAll("latencyReports") LatencyResults report,
                                   @ForAll @IntRange(min = 0, max = 3) int peers) {
        List<Integer> peerList = java.util.stream.IntStream.range(1, peers + 1).boxed().toList();
        GpuDocument written = LatencyDocument.of(report, peerList);
        BindsBack.assertBindsBack("latency", written);
        // The gates name each figure as the run did: a peer row's "gpu1" is target peer of peer 1.
        java.util.Set<dev.xfer.app.result.Identity> gated = DocumentResults.of(java.nio.file.Path.of("l.json"), written)
                .stream().flatMap(g -> g.results().stream()).map(dev.xfer.app.result.Result::identity)
                .collect(java.util.stream.Collectors.toSet());
        report.run().results().stream().filter(r -> r.nanoseconds().measured().isPresent())
                .forEach(r -> org.junit.jupiter.api.Assertions.assertTrue(gated.contains(r.identity(report.plan())),
                        r.identity(report.plan()) + " not among " + gated));
    }

    @Provide
    Arbitrary<LatencyResults> latencyReports() {
        Arbitrary<LatencyTarget> target = Arbitraries.oneOf(Arbitraries.of(LatencyTarget.HOST, LatencyTarget.DEVICE),
                Arbitraries.integers().between(1, 7).map(LatencyTarget::peer));
        Arbitrary<LatencyResult> result = Combinators.combine(target,
                        Arbitraries.longs().between(1, 1L << 24).map(n -> n * LatencyPlan.NODE_BYTES),
                        Arbitraries.longs().between(1, 1_000_000), GeneratedFigures.summarized(),
                        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(30).optional(0.2))
                .as(LatencyResult::new);
        return Combinators.combine(result.list().ofMinSize(1).ofMaxSize(6)
                                .uniqueElements(r -> List.of(r.target(), r.bytes())),
                        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(30).list().ofMaxSize(2),
                        Arbitraries.of(ChaseOrder.values()),
                        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(30).optional(0.5))
                .as((results, notes, order, whyNoPeers) -> {
                    LatencyPlan plan = new LatencyPlan(results.stream().map(LatencyResult::bytes).distinct().toList(),
                            results.stream().map(r -> r.target().kind()).distinct().toList(),
                            results.getFirst().accesses(), 5, order, 7);
                    // Peers waived, one per size, where the run had none to chase.
                    return new LatencyResults(ResultsFixtures.context(), plan, new LatencyRun(results,
                            whyNoPeers.map(why -> plan.waived("peer", why)).orElse(List.of())), notes);
                });
    }

    // ---- batch: BatchPerDevice writes BatchDocument.of(report)

    @Property
    void aBatchDocumentBindsBack(@ForAll("batchReports") BatchResults report) {
        BindsBack.assertBindsBack("batch", BatchDocument.of(report));
    }

    @Provide
    Arbitrary<BatchResults> batchReports() {
        return Arbitraries.subsetOf(BatchStrategy.values()).ofMinSize(1).flatMap(chosen -> {
            List<BatchStrategy> strategies = java.util.Arrays.stream(BatchStrategy.values())
                    .filter(chosen::contains).toList();
            BatchPlan all = ResultsFixtures.batchPlan();
            BatchPlan plan = new BatchPlan(all.count(), all.bytes(), strategies, all.threads(), all.iterations(),
                    all.warmup(), all.stagingSlots(), all.stagingBytes(), all.copyThreads());
            return Combinators.combine(strategies.stream().map(MeasuringDocumentsBindBackPropertiesTest::batchResult)
                            .toList()).as(List::copyOf)
                    .map(results -> new BatchResults(ResultsFixtures.context(), plan, results));
        });
    }

    /** A strategy that ran (and came back right or not), could not run here, or whose clock gave no time. */
    private static Arbitrary<BatchResult> batchResult(BatchStrategy strategy) {
        Arbitrary<BatchResult> ran = Combinators.combine(GeneratedFigures.summaries(), GeneratedFigures.figures(),
                        GeneratedFigures.figures().optional(0.8), Arbitraries.integers().between(0, 999).optional(0.2))
                .as((ms, gbps, vsFirst, wrong) -> new BatchResult(strategy, Optional.of(ms), gbps,
                        vsFirst.map(OptionalDouble::of).orElse(OptionalDouble.empty()), Optional.empty(), wrong));
        Arbitrary<BatchResult> unavailable = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(30)
                .map(why -> new BatchResult(strategy, Optional.empty(), Double.NaN, OptionalDouble.empty(),
                        Optional.of(why), Optional.empty()));
        Arbitrary<BatchResult> untimed = GeneratedFigures.reasons().map(why -> new BatchResult(strategy,
                Optional.of(new Summarized.Unsummarizable(why)), Double.NaN, OptionalDouble.empty(), Optional.empty(),
                Optional.empty()));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, ran), net.jqwik.api.Tuple.of(1, unavailable),
                net.jqwik.api.Tuple.of(1, untimed));
    }

    // ---- pipeline: PipelinePerDevice writes PipelineDocument.of(context, plan, outcome)

    @Property
    void aPipelineDocumentBindsBack(@ForAll("pipelinePlans") PipelinePlan plan,
                                    @ForAll("pipelineOutcomes") PipelineOutcome outcome) {
        BindsBack.assertBindsBack("pipeline", PipelineDocument.of(ResultsFixtures.context(), plan, outcome));
    }

    @Provide
    Arbitrary<PipelinePlan> pipelinePlans() {
        return Combinators.combine(Arbitraries.integers().between(1, 1024),
                        Arbitraries.longs().between(1, 1L << 28).map(n -> n * Float.BYTES),
                        Arbitraries.integers().between(1, 3), Arbitraries.of(StartMode.values()))
                .as((batches, bytes, buffers, start) -> new PipelinePlan(batches, bytes, 1, buffers, 5, 1, start));
    }

    @Provide
    Arbitrary<PipelineOutcome> pipelineOutcomes() {
        Arbitrary<PipelineOutcome> measured = Combinators.combine(GeneratedFigures.summaries(),
                        GeneratedFigures.figures(), GeneratedFigures.figures(), GeneratedFigures.figures(),
                        Arbitraries.integers().between(1, 3), GeneratedReports.maxErrors(), Arbitraries.of(true, false))
                .as((ms, h2d, kernel, d2h, buffers, maxError, timed) -> new PipelineResult(ms,
                        new PipelineModel(h2d, kernel, d2h, 64, buffers), maxError,
                        timed ? Optional.of(ResultsFixtures.overlapTimelines(buffers).get(1)) : Optional.empty()));
        return Arbitraries.oneOf(measured, GeneratedFigures.reasons().map(PipelineOutcome.Unmeasured::new));
    }

    // ---- check: CheckPerDevice writes CheckDocument.of(report)

    @Property
    void aCheckDocumentBindsBack(@ForAll("checkReports") CheckResults report) {
        BindsBack.assertBindsBack("check", CheckDocument.of(report));
    }

    @Provide
    Arbitrary<CheckResults> checkReports() {
        return GeneratedReports.checkReports();
    }

    // ---- --runs N: Repetitions.document holds each repetition's document under the first's parameters

    @Property
    void aRepeatedOverlapDocumentBindsBack(@ForAll("repeatedOverlap") List<OverlapResults> runs,
                                           @ForAll @IntRange(min = 0, max = 2) int more) {
        List<RunDocument> documents = runs.stream().<RunDocument>map(OverlapDocument::of).toList();
        int planned = runs.size() + more;
        Optional<Stopped> stopped = more == 0 ? Optional.empty()
                : Optional.of(new Stopped("signal", runs.size(), planned, "stopped by SIGINT"));
        BindsBack.assertBindsBack("overlap", new RepeatedDocument(DocumentSchema.VERSION, "overlap",
                new RepeatedDocument.Runs(documents.getFirst().parameters(), planned), documents,
                stopped.map(s -> false), stopped));
    }

    @Provide
    Arbitrary<List<OverlapResults>> repeatedOverlap() {
        return overlapReports().list().ofMinSize(1).ofMaxSize(3);
    }
}
