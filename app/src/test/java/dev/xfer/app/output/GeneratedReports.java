package dev.xfer.app.output;

import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckResult;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.check.CheckTimes;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.overlap.OverlapModel;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapResult;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.stats.Summarized;
import dev.xfer.cuda.HostMemoryKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/** Engine results as the commands' engines give them, for the properties that write and bind their documents. */
public final class GeneratedReports {
    private GeneratedReports() {
    }

    /** An overlap run's results: one pass or two placed ones, schedules with and without a figure, a model or none. */
    public static Arbitrary<OverlapResults> overlapReports() {
        return Combinators.combine(Arbitraries.integers().between(1, 64),
                        Arbitraries.subsetOf(OverlapSchedule.values()).ofMinSize(1),
                        Arbitraries.of(StartMode.values()), Arbitraries.integers().between(1, 2))
                .flatAs((streams, schedules, start, passes) -> {
                    OverlapPlan plan = new OverlapPlan(OverlapPlan.ASYNC_CU_ELEMENTS, streams, 256, 1,
                            List.copyOf(schedules), 20, 3, HostMemoryKind.PINNED).withStart(start);
                    return overlapPass(plan, passes == 1 ? OptionalInt.empty() : OptionalInt.of(0))
                            .list().ofSize(passes).map(list -> {
                                List<OverlapResults.Pass> numbered = new ArrayList<>();
                                for (int i = 0; i < list.size(); i++) {
                                    OverlapResults.Pass p = list.get(i);
                                    OptionalInt node = passes == 1 ? OptionalInt.empty() : OptionalInt.of(i);
                                    numbered.add(new OverlapResults.Pass(node, p.model(), p.results().stream()
                                            .map(r -> r.placed(node, node.isPresent() // where its pages were, sampled
                                                    ? Optional.of(dev.xfer.app.placement.HostMemoryNodes.allOn(node.getAsInt(), 64))
                                                    : Optional.empty())).toList(), p.timelines()));
                                }
                                HostPlacement placement = passes == 1 ? HostPlacement.none()
                                        : ResultsFixtures.overlapReportAllNodes().placement();
                                return new OverlapResults(ResultsFixtures.context(), plan, numbered, List.of(), placement);
                            });
                });
    }

    /** One pass: its model (or none, a stage gave no time) and a result per schedule, timelines or not. */
    private static Arbitrary<OverlapResults.Pass> overlapPass(OverlapPlan plan, OptionalInt node) {
        Arbitrary<Optional<OverlapModel>> model = Combinators.combine(GeneratedFigures.figures(),
                        GeneratedFigures.figures(), GeneratedFigures.figures())
                .as((h2d, kernel, d2h) -> new OverlapModel(h2d, kernel, d2h, plan.streams())).optional(0.8);
        Arbitrary<List<OverlapResult>> results = Combinators.combine(plan.schedules().stream()
                .map(s -> overlapResult(s)).toList()).as(List::copyOf);
        return Combinators.combine(model, results, Arbitraries.of(true, false))
                .as((m, r, timed) -> new OverlapResults.Pass(node, m, r,
                        timed ? ResultsFixtures.overlapTimelines(plan.streams()).stream()
                                .filter(t -> plan.schedules().stream().anyMatch(s -> s.label().equals(t.schedule())))
                                .toList() : List.of()));
    }

    private static Arbitrary<OverlapResult> overlapResult(OverlapSchedule schedule) {
        return Combinators.combine(GeneratedFigures.summarized(), GeneratedFigures.figures(),
                        GeneratedFigures.figures().optional(0.7), maxErrors(), GeneratedFigures.figures())
                .as((ms, gbps, speedup, maxError, efficiency) -> ms instanceof Summarized.Unsummarizable
                        ? new OverlapResult(schedule, ms, Double.NaN, OptionalDouble.empty(), maxError, Double.NaN)
                        : new OverlapResult(schedule, ms, gbps,
                        speedup.map(OptionalDouble::of).orElse(OptionalDouble.empty()), maxError, efficiency));
    }

    /** A largest error: a figure, or NaN when an element came back NaN. */
    public static Arbitrary<Double> maxErrors() {
        return Arbitraries.oneOf(GeneratedFigures.figures(), Arbitraries.just(Double.NaN));
    }

    /** A check run's results over any scenarios, timed or not. */
    public static Arbitrary<CheckResults> checkReports() {
        return Arbitraries.subsetOf(CheckScenario.values()).ofMinSize(1).flatMap(chosen -> {
            List<CheckScenario> scenarios = java.util.Arrays.stream(CheckScenario.values())
                    .filter(chosen::contains).toList();
            CheckPlan plan = new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, 100, HostMemoryKind.PINNED, scenarios, 16);
            return Combinators.combine(scenarios.stream().map(GeneratedReports::checkResult)
                            .toList()).as(List::copyOf)
                    .map(results -> new CheckResults(ResultsFixtures.context(), plan, results));
        });
    }

    private static Arbitrary<CheckResult> checkResult(CheckScenario scenario) {
        Arbitrary<CheckTimes> times = Arbitraries.oneOf(Arbitraries.just(CheckTimes.NONE),
                Combinators.combine(GeneratedFigures.figures(), GeneratedFigures.figures(), GeneratedFigures.figures(),
                        GeneratedFigures.figures()).as(CheckTimes::new));
        return Combinators.combine(Arbitraries.integers().between(0, 100), Arbitraries.integers().between(0, 100),
                        GeneratedFigures.figures(), Arbitraries.longs().between(0, CheckPlan.TUTORIAL_ELEMENTS),
                        Arbitraries.oneOf(GeneratedFigures.figures(), Arbitraries.just(Double.POSITIVE_INFINITY)),
                        times)
                .as((wrong, inFlight, staleMean, staleWorst, maxError, t) -> new CheckResult(scenario, 100, wrong,
                        staleMean, staleWorst, (double) staleWorst / CheckPlan.TUTORIAL_ELEMENTS, maxError, inFlight, t));
    }

    /** One GPU's bandwidth run: pageable and pinned rows, some checked wrong, with or without a link rate. */
    public static Arbitrary<dev.xfer.app.bandwidth.BandwidthResults> bandwidthReports() {
        Arbitrary<dev.xfer.app.bandwidth.BandwidthResult> row = Combinators.combine(
                        Arbitraries.of("pageable", "pinned"), Arbitraries.of("h2d", "d2h"),
                        Arbitraries.longs().between(1, 1L << 40), GeneratedFigures.summaries(),
                        GeneratedFigures.summaries(), GeneratedFigures.figures().optional(0.8), Arbitraries.of(true, false))
                .as((memory, direction, bytes, gbps, us, link, verified) -> new dev.xfer.app.bandwidth.BandwidthResult(
                        dev.xfer.app.bandwidth.MeasuredMemory.fromLabel(memory),
                        dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), bytes, verified ? aboveZero(gbps) : gbps, us,
                        link.map(OptionalDouble::of).orElse(OptionalDouble.empty()), verified));
        return row.list().ofMinSize(1).ofMaxSize(4).uniqueElements(r -> List.of(r.memory(), r.direction(), r.bytes()))
                .map(rows -> new dev.xfer.app.bandwidth.BandwidthResults(ResultsFixtures.context(),
                        ResultsFixtures.bandwidthPlan(), rows, List.of(), List.of()));
    }

    /** A verified copy's rate is above 0 (readers refuse 0 beside verified: true): moved up by 1, in order. */
    static dev.xfer.app.stats.Summary aboveZero(dev.xfer.app.stats.Summary s) {
        return s.min() > 0 ? s : new dev.xfer.app.stats.Summary(s.median() + 1, s.min() + 1, s.max() + 1, s.mean() + 1,
                s.stddev(), s.n());
    }
}
