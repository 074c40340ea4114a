package dev.xfer.app.batch;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.output.DocumentParts;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * batch's parts of its document, as records (what the schema leaves out for older documents is an
 * optional that is always written): the plan and one row per strategy (and node). A
 * strategy this machine cannot run has its row, {@code available} false and why, and {@code null}
 * for every figure; one that ran but whose clock gave no time has no row but a {@code failures}
 * entry with why, so no gate passes it.
 */
public final class BatchDocument {
    private BatchDocument() {
    }

    /** The records batch's documents bind back into: its plan, its rows and the strategies that gave no figure. */
    public static DocumentParts parts() {
        return DocumentParts.of(Plan.class, StrategyRow.class).withFailures(f -> UnmeasuredRow.class);
    }

    /** The document of one GPU's batch run. */
    public static GpuDocument of(BatchResults report) {
        return GpuDocument.of("batch", report.context(), Plan.of(report),
                report.results().stream().filter(r -> r.notMeasured().isEmpty()).map(StrategyRow::of).toList(),
                UnmeasuredRow.rows(report.results(), BatchResult::configuration, BatchResult::notMeasured))
                .withWaived(report.waived());
    }

    /** {@code parameters}: the plan, {@code --numa-node} last (as given; {@code null} when not). */
    public record Plan(int count, long bytes, long totalBytes, List<String> strategies, OptionalInt threads,
                       int iterations, int warmup, OptionalInt stagingSlots, OptionalLong stagingBytes,
                       OptionalInt copyThreads, Optional<String> hostCopy,
                       @JsonInclude(ALWAYS) Optional<String> numaNode) implements Parameters {
        public Plan {
            strategies = List.copyOf(strategies);
        }

        public static Plan of(BatchResults report) {
            BatchPlan p = report.plan();
            return new Plan(p.count(), p.bytes(), p.totalBytes(), p.strategies().stream().map(BatchStrategy::label).toList(),
                    OptionalInt.of(p.threads()), p.iterations(), p.warmup(), OptionalInt.of(p.stagingSlots()),
                    OptionalLong.of(p.stagingBytes()), OptionalInt.of(p.copyThreads()), Optional.of(p.hostCopy().label()),
                    report.placement().option().label());
        }

        /** What every strategy's row ran with; the strategies and the node are each row's own. */
        @Override
        public void identity(IdentityFields into) {
            into.count(IdentityField.COUNT, "count", count).count(IdentityField.BYTES, "bytes", bytes)
                    .count(IdentityField.THREADS, "threads", threads);
        }
    }

    /**
     * One strategy's row: {@code milliseconds} is a {@link Summary};
     * {@code numaNode} is {@code null} when nothing was placed, {@code hostMemoryNodes} (sampled
     * pages of the buffers it read, per node) {@code null} when not sampled. {@code verified} is
     * never bound from null: a row that says null beside its figure would pass every gate unchecked
     * (issue 33), so it is refused by name although the schema's type allows null.
     */
    public record StrategyRow(String strategy, boolean available, @JsonInclude(ALWAYS) Optional<String> unavailable,
                              @JsonInclude(ALWAYS) Optional<Summary> milliseconds,
                              @JsonInclude(ALWAYS) OptionalDouble gbps, @JsonInclude(ALWAYS) OptionalDouble timeVsFirst,
                              Optional<Boolean> verified, @JsonInclude(ALWAYS) Optional<Integer> wrongBuffer,
                              @JsonInclude(ALWAYS) OptionalInt numaNode,
                              @JsonInclude(ALWAYS) Optional<Map<String, Integer>> hostMemoryNodes) implements Row {
        static StrategyRow of(BatchResult r) {
            return new StrategyRow(r.strategy().label(), r.ran(), r.unavailable(), r.measured(),
                    r.ran() ? OptionalDouble.of(r.gigabytesPerSecond()) : OptionalDouble.empty(), r.timeVsFirst(),
                    Optional.of(r.verified()), r.wrongBuffer(), r.numaNode(),
                    r.hostMemoryNodes().<Map<String, Integer>>map(HostMemoryNodes::toJson));
        }

        /** The strategy's time, where it ran; an unavailable strategy has none. */
        @Override
        public List<Result> results(RowScope scope) {
            return named(scope, strategy, numaNode).verified(verified).figure(BatchPlan.MILLISECONDS, milliseconds)
                    .results();
        }

        /**
         * What a run hands on while it measures: the strategy's time, its check in the run's words
         * ({@code buffer 17 arrived wrong on node 1}), then its rate over that time, which
         * {@code --expect} selects beside it. A strategy this machine cannot run has neither: both
         * are unmeasured with why, and its time is checked by nothing.
         */
        RowFigures handedOn(RowScope scope) {
            RowFigures figures = named(scope, strategy, numaNode).figure(BatchPlan.MILLISECONDS, milliseconds);
            if (unavailable.isPresent()) {
                String why = "unavailable: " + unavailable.get();
                return figures.unmeasured(BatchPlan.MILLISECONDS, why).checked(CheckOutcome.notChecked(why))
                        .underived(BatchPlan.GBPS, why);
            }
            return figures.checked(wrongBuffer.map(b -> CheckOutcome.failed("buffer " + b + " arrived wrong"
                    + (numaNode.isPresent() ? " on node " + numaNode.getAsInt() : ""))).orElse(CheckOutcome.PASSED))
                    .derived(BatchPlan.GBPS, gbps);
        }

        /**
         * A strategy that ran but whose clock gave no time, as its row would have been named: its
         * time unmeasured with why, which fails it, and its rate underived for it. The document has
         * a {@code failures} entry for it; a run hands this on.
         */
        static RowFigures unmeasured(RowScope scope, BatchResult r, String why) {
            return named(scope, r.strategy().label(), r.numaNode()).unmeasured(BatchPlan.MILLISECONDS, why)
                    .underived(BatchPlan.GBPS, why);
        }

        /** What names a strategy's row: the strategy and its node. */
        private static RowFigures named(RowScope scope, String strategy, OptionalInt numaNode) {
            return scope.figures().word(IdentityField.STRATEGY, "strategy", strategy)
                    .count(IdentityField.NUMA_NODE, "numaNode", numaNode);
        }

        /** A figure only where the strategy ran. */
        @Override
        public MeasuringDocument.Row status() {
            return RowStatus.judged(milliseconds.isPresent()).named(strategy).verified(verified)
                    .placed(numaNode, hostMemoryNodes).row();
        }
    }
}
