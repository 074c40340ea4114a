package dev.xfer.app.output;

import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.batch.BatchPlan;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.latency.ChaseOrder;
import dev.xfer.app.latency.LatencyPlan;
import dev.xfer.app.latency.LatencyTarget;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.ResultNames;
import dev.xfer.cuda.HostMemoryKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The {@code --expect} names each engine gives its results, checked over the identities the
 * engine really builds: two results of one run share a name exactly when their identities agree
 * on every field the run lets vary, and results that differ in any identity field never share a
 * CSV key ({@link Identity#csvKey()}) or an OpenMetrics label set ({@link Identity#labels()}).
 *
 * <p>A name leaves out the fields one run holds fixed (overlap's streams, the timer, ...), which
 * is how users' scripts have always named results; those fields are listed here per engine, so a
 * new field an engine lets vary within one run must also show in its names, or this fails.
 */
class RunNamesPropertiesTest {
    private static final List<Long> SIZES = List.of(1L, 3L, 4096L, 1L << 20, 16L << 20, 1_000_000L, 5L << 30);

    @Property(tries = 3000)
    void bandwidthNames(@ForAll("bandwidth") Identity a, @ForAll("bandwidth") Identity b) {
        assertNamesTellApart(a, b, ResultNames::of,
                Set.of(IdentityField.TIMER, IdentityField.BLOCK_SIZE));
    }

    @Property(tries = 2000)
    void overlapNames(@ForAll("overlap") Identity a, @ForAll("overlap") Identity b) {
        assertNamesTellApart(a, b, ResultNames::of, Set.of(IdentityField.MEMORY,
                IdentityField.BYTES, IdentityField.ELEMENTS, IdentityField.STREAMS, IdentityField.BLOCK_SIZE,
                IdentityField.KERNEL_ITERATIONS));
    }

    @Property(tries = 2000)
    void batchNames(@ForAll("batch") Identity a, @ForAll("batch") Identity b) {
        assertNamesTellApart(a, b, id -> BatchPlan.name(id, true), Set.of(IdentityField.COUNT,
                IdentityField.BYTES, IdentityField.THREADS));
    }

    @Property(tries = 2000)
    void latencyNames(@ForAll("latency") Identity a, @ForAll("latency") Identity b) {
        assertNamesTellApart(a, b, ResultNames::of, Set.of(IdentityField.ORDER, IdentityField.ACCESSES));
    }

    @Property(tries = 1000)
    void checkNames(@ForAll("check") Identity a, @ForAll("check") Identity b) {
        assertNamesTellApart(a, b, ResultNames::of, Set.of(IdentityField.MEMORY, IdentityField.BYTES,
                IdentityField.ELEMENTS, IdentityField.TRIALS));
    }

    @Property(tries = 2000)
    void severalGpuNames(@ForAll("severalGpus") Identity a, @ForAll("severalGpus") Identity b) {
        assertNamesTellApart(a, b, ResultNames::of, Set.of());
    }

    private static void assertNamesTellApart(Identity a, Identity b, Function<Identity, String> name,
                                             Set<IdentityField> fixedByTheRun) {
        String nameA = name.apply(a);
        // Every name is one --expect can select.
        assertEquals(nameA, Metric.of(nameA, 1, MetricUnit.NUMBER).name());
        boolean sameInTheRun = varying(a, fixedByTheRun).equals(varying(b, fixedByTheRun));
        assertEquals(sameInTheRun, nameA.equals(name.apply(b)), a.fields() + " / " + b.fields() + ": " + nameA);
        if (!a.equals(b)) {
            assertNotEquals(a.csvKey(), b.csvKey());
            assertNotEquals(a.labels(), b.labels());
        }
    }

    private static Identity varying(Identity id, Set<IdentityField> fixedByTheRun) {
        Identity.Builder b = id.toBuilder();
        fixedByTheRun.forEach(b::without);
        return b.build();
    }

    @Provide
    Arbitrary<Identity> bandwidth() {
        Arbitrary<String> memory = Arbitraries.of(HostMemoryKind.values()).map(HostMemoryKind::label)
                .injectDuplicates(0.3);
        Arbitrary<String> direction = Arbitraries.of("h2d", "d2h", "d2d", "bidir-h2d", "bidir-d2h");
        return Combinators.combine(memory, Arbitraries.of(CopyPath.values()), direction, Arbitraries.of(SIZES),
                Arbitraries.of(CopyTimer.values()), optionalInt(Arbitraries.of(1, 64, 132, 264)),
                optionalInt(Arbitraries.of(256, 512)), optionalInt(Arbitraries.of(0, 1, 3)))
                .as((m, path, d, size, timer, blocks, threads, node) -> BandwidthResult.identity(
                        d.equals("d2d") ? "device" : m, path, d, size, timer, blocks, threads, node));
    }

    @Provide
    Arbitrary<Identity> overlap() {
        Arbitrary<OverlapPlan> plans = Combinators.combine(Arbitraries.of(4096L, 1L << 22),
                Arbitraries.of(1, 4, 16), Arbitraries.of(128, 256), Arbitraries.of(1, 8),
                Arbitraries.of(HostMemoryKind.PINNED, HostMemoryKind.PAGEABLE))
                .as((elements, streams, block, iterations, memory) -> new OverlapPlan(elements, streams, block,
                        iterations, List.of(OverlapSchedule.values()), 3, 1, memory));
        return Combinators.combine(plans, Arbitraries.of(OverlapSchedule.values()), optionalInt(Arbitraries.of(0, 1)),
                Arbitraries.of("milliseconds", "speedup", "efficiency", "maxError"))
                .as(OverlapPlan::identity);
    }

    @Provide
    Arbitrary<Identity> batch() {
        Arbitrary<BatchPlan> plans = Combinators.combine(Arbitraries.of(10, 1000), Arbitraries.of(4000L, 1L << 20),
                Arbitraries.of(1, 4)).as((count, bytes, threads) -> new BatchPlan(count, bytes,
                List.of(BatchStrategy.values()), threads, 3, 1, 4, 8L << 20));
        return Combinators.combine(plans, Arbitraries.of(BatchStrategy.values()), optionalInt(Arbitraries.of(0, 1)),
                Arbitraries.of("milliseconds", "gbps")).as(BatchPlan::identity);
    }

    @Provide
    Arbitrary<Identity> latency() {
        Arbitrary<LatencyPlan> plans = Combinators.combine(Arbitraries.of(ChaseOrder.values()),
                Arbitraries.of(1000L, 100_000L)).as((order, accesses) -> new LatencyPlan(List.of(4096L),
                Arrays.asList(LatencyTarget.Kind.values()), accesses, 3, order, 1));
        Arbitrary<LatencyTarget> targets = Arbitraries.oneOf(Arbitraries.of(LatencyTarget.HOST, LatencyTarget.DEVICE),
                Arbitraries.integers().between(0, 7).map(LatencyTarget::peer));
        return Combinators.combine(plans, targets, Arbitraries.of(SIZES), Arbitraries.of(1000L, 100_000L))
                .as((plan, target, size, accesses) -> plan.identity(target, size, plan.accesses()));
    }

    @Provide
    Arbitrary<Identity> check() {
        Arbitrary<CheckPlan> plans = Combinators.combine(Arbitraries.of(1000L, 99_999_900L), Arbitraries.of(10, 100),
                Arbitraries.of(HostMemoryKind.PINNED, HostMemoryKind.REGISTERED)).as((elements, trials, memory) ->
                new CheckPlan(elements, trials, memory, List.of(CheckScenario.values())));
        Arbitrary<String> scenarios = Arbitraries.oneOf(Arbitraries.of(CheckScenario.values()).map(CheckScenario::id),
                Arbitraries.just("synchronized"));
        return Combinators.combine(plans, scenarios).as((plan, scenario) -> plan.identity(scenario,
                plan.trials()));
    }

    @Provide
    Arbitrary<Identity> severalGpus() {
        Arbitrary<Identity> peers = Combinators.combine(Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 7), Arbitraries.of(SIZES), Arbitraries.of(true, false),
                Arbitraries.of(CopyPath.DRIVER, CopyPath.KERNEL), Arbitraries.of(Initiation.values()))
                .as(PeerResult::identity);
        Arbitrary<Identity> atOnce = Combinators.combine(Arbitraries.of("pinned", "pageable"),
                Arbitraries.of("h2d", "d2h", "bidir-h2d"), Arbitraries.of(SIZES), optionalInt(Arbitraries.of(0, 1, 7)))
                .as(ConcurrentResult::identity);
        return Arbitraries.oneOf(peers, atOnce);
    }

    private static Arbitrary<OptionalInt> optionalInt(Arbitrary<Integer> values) {
        return values.map(OptionalInt::of).injectNull(0.4).map(v -> v == null ? OptionalInt.empty() : v);
    }
}
