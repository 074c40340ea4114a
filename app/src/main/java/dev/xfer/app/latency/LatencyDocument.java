package dev.xfer.app.latency;

import dev.xfer.app.output.DocumentParts;
import dev.xfer.app.output.Extras;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Optional;

/**
 * latency's parts of its document, as records: the plan, one row per measured configuration, one
 * {@code failures} entry per configuration whose chases gave no figure, its notes, and (the envelope's
 * {@code waived}) each configuration it did not measure here with why.
 */
public final class LatencyDocument {
    private LatencyDocument() {
    }

    /**
     * The records latency's documents bind back into: its plan, its rows, the configurations that
     * gave no figure and its notes.
     */
    public static DocumentParts parts() {
        return DocumentParts.of(Plan.class, ConfigurationRow.class).withFailures(f -> UnmeasuredRow.class)
                .withExtras(f -> f.has("notes") ? Notes.class : NoParameters.class);
    }

    /**
     * The document of one GPU's latency run (or of the configurations measured so far).
     *
     * @param peers the GPUs whose memory this one's peer rows read
     */
    public static GpuDocument of(LatencyResults report, List<Integer> peers) {
        return GpuDocument.of("latency", report.context(), Plan.of(report.plan(), peers),
                report.run().results().stream().filter(r -> r.nanoseconds().measured().isPresent())
                        .map(ConfigurationRow::of).toList(),
                UnmeasuredRow.rows(report.run().results(), LatencyResult::configuration, r -> r.nanoseconds().whyNot()))
                .withWaived(report.run().waived()).withExtras(new Notes(report.notes()));
    }

    /** {@code parameters}: the plan, its peers, the chain's node size and how it was timed. */
    public record Plan(List<Long> sizes, List<String> targets, List<Integer> peers, long accesses, int iterations,
                       String order, long seed, int nodeBytes, String timer) implements Parameters {
        public Plan {
            sizes = List.copyOf(sizes);
            targets = List.copyOf(targets);
            peers = List.copyOf(peers);
        }

        public static Plan of(LatencyPlan plan, List<Integer> peers) {
            return new Plan(plan.sizes(), plan.kinds().stream().map(LatencyTarget.Kind::label).toList(), peers,
                    plan.accesses(), plan.iterations(), plan.order().label(), plan.seed(), LatencyPlan.NODE_BYTES,
                    "events");
        }

        /** What every chase ran with; sizes, targets and peers are each row's own. */
        @Override
        public void identity(IdentityFields into) {
            into.count(IdentityField.ACCESSES, "accesses", accesses).word(IdentityField.ORDER, "order", order)
                    .word(IdentityField.TIMER, "timer", timer);
        }
    }

    /**
     * One configuration. {@code target} and {@code bytes} identify it, and {@code nanoseconds}
     * holds the per-access summary (a {@link Summary}), so fleet and compare name it
     * {@code latency.TARGET.SIZE.nanoseconds}; {@code failure} only when its chase came back wrong.
     */
    public record ConfigurationRow(String target, long bytes, int nodes, long accesses, boolean uncached,
                                   Summary nanoseconds, boolean verified, Optional<String> failure)
            implements Row {
        public ConfigurationRow {
            Row.size(bytes);
        }

        static ConfigurationRow of(LatencyResult r) {
            return new ConfigurationRow(r.target().id(), r.bytes(), LatencyPlan.nodes(r.bytes()), r.accesses(),
                    r.target().uncached(), r.nanoseconds().measured().orElseThrow(), r.verified(), r.failure());
        }

        /**
         * A peer's memory is written {@code gpu1} but is target {@code peer} of peer 1, as the run
         * names its results ({@link LatencyPlan#identity}): "gpu1" is no target word.
         */
        @Override
        public List<Result> results(RowScope scope) {
            return figures(scope).results();
        }

        /** The figures of {@link #results}, which a run hands on while it measures. */
        public RowFigures figures(RowScope scope) {
            return configuration(scope, target, bytes, accesses).verified(verified).figure(NANOSECONDS, nanoseconds);
        }

        /** A chase whose timer gave no time, as its row would have been named: unmeasured, with why. */
        static RowFigures unmeasured(RowScope scope, LatencyResult r, String why) {
            return configuration(scope, r.target().id(), r.bytes(), r.accesses()).unmeasured(NANOSECONDS, why);
        }

        private static final String NANOSECONDS = "nanoseconds";

        private static RowFigures configuration(RowScope scope, String target, long bytes, long accesses) {
            RowFigures figures = scope.figures();
            Optional<LatencyTarget> peer = LatencyTarget.ofId(target).filter(t -> t.kind() == LatencyTarget.Kind.PEER);
            if (peer.isEmpty()) {
                figures.word(IdentityField.TARGET, "target", target);
            }
            figures.count(IdentityField.BYTES, "bytes", bytes).count(IdentityField.ACCESSES, "accesses", accesses);
            peer.ifPresent(t -> figures.word(IdentityField.TARGET, "target", t.kind().label())
                    .count(IdentityField.PEER, "peer", t.peer()));
            return figures;
        }

        @Override
        public MeasuringDocument.Row status() {
            return RowStatus.judged(true).sized(bytes).verified(verified).row();
        }
    }

    /**
     * What latency adds after {@code failures}: facts for the reader. Documents written before
     * latency filled {@code waived} carry here why a target has no row; now that is a waiver.
     */
    public record Notes(List<String> notes) implements Extras {
        public Notes {
            notes = List.copyOf(notes);
        }
    }
}
