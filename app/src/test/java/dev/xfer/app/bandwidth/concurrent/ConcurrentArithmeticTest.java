package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.stats.Summary;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The aggregate of GPUs copying at once, and the alone sum it is set against, from fixed numbers. */
class ConcurrentArithmeticTest {

    @Example
    void theAggregateSpansTheEarliestStartToTheLatestEnd() {
        // two GPUs, two iterations; nanoseconds on the host clock
        long[][] starts = {{1_000, 50_000}, {1_400, 49_000}};
        long[][] ends = {{301_000, 340_000}, {299_000, 351_000}};
        assertArrayEquals(new double[] {300_000e-9, 302_000e-9}, ConcurrentResult.aggregateSeconds(starts, ends), 1e-15);
        Summary rates = ConcurrentResult.aggregateRates(16L << 20, starts, ends);
        // 2 x 16 MiB over 300 us and over 302 us
        assertEquals(2 * 16.777216e6 / 300e-6 / 1e9, rates.max(), 1e-9);
        assertEquals(2 * 16.777216e6 / 302e-6 / 1e9, rates.min(), 1e-9);
        assertEquals(2, rates.n());
    }

    @Example
    void gpusThatCopyInTurnGetNoCreditForOverlap() {
        // GPU 1 starts when GPU 0 ends: the aggregate is one GPU's rate, not two
        long[][] starts = {{0}, {1_000_000}};
        long[][] ends = {{1_000_000}, {2_000_000}};
        Summary rates = ConcurrentResult.aggregateRates(1_000_000, starts, ends);
        assertEquals(1.0, rates.median(), 1e-12, "2 MB in 2 ms is 1 GB/s");
    }

    /** Per GPU, an iteration's start and how long its copy took (ns): any order, any overlap. */
    @Provide
    Arbitrary<long[][][]> intervals() {
        Arbitrary<Integer> gpus = Arbitraries.integers().between(2, 8);
        Arbitrary<Integer> iterations = Arbitraries.integers().between(1, 12);
        return Combinators.combine(gpus, iterations).flatAs((g, n) -> {
            Arbitrary<Long> start = Arbitraries.longs().between(0, 1_000_000_000L);
            Arbitrary<Long> length = Arbitraries.longs().between(1, 100_000_000L);
            return Combinators.combine(start.array(long[].class).ofSize(n).array(long[][].class).ofSize(g),
                    length.array(long[].class).ofSize(n).array(long[][].class).ofSize(g)).as((s, l) -> {
                long[][] ends = new long[g][n];
                for (int i = 0; i < g; i++) {
                    for (int k = 0; k < n; k++) {
                        ends[i][k] = s[i][k] + l[i][k];
                    }
                }
                return new long[][][] {s, ends};
            });
        });
    }

    @Property(tries = 300)
    void theAggregateIsNeverMoreThanTheSumOfTheGpusOwnRates(@ForAll("intervals") long[][][] interval) {
        long[][] starts = interval[0];
        long[][] ends = interval[1];
        long bytes = 1 << 20;
        double[] together = ConcurrentResult.aggregateSeconds(starts, ends);
        for (int k = 0; k < together.length; k++) {
            double sum = 0;
            double longest = 0;
            for (int g = 0; g < starts.length; g++) {
                double own = (ends[g][k] - starts[g][k]) / 1e9;
                sum += bytes / own;
                longest = Math.max(longest, own);
            }
            double aggregate = starts.length * (double) bytes / together[k];
            assertTrue(together[k] >= longest - 1e-15, "the span covers every GPU's copy");
            assertTrue(aggregate <= sum * (1 + 1e-12), aggregate + " > " + sum);
        }
    }

    @Property(tries = 100)
    void gpusInLockstepAddUp(@ForAll("intervals") long[][][] interval) {
        // every GPU with GPU 0's intervals: the aggregate is n times GPU 0's rate
        long[][] starts = interval[0];
        long[][] ends = interval[1];
        int n = starts.length;
        long[][] sameStarts = new long[n][];
        long[][] sameEnds = new long[n][];
        for (int g = 0; g < n; g++) {
            sameStarts[g] = starts[0];
            sameEnds[g] = ends[0];
        }
        double[] together = ConcurrentResult.aggregateSeconds(sameStarts, sameEnds);
        for (int k = 0; k < together.length; k++) {
            assertEquals((ends[0][k] - starts[0][k]) / 1e9, together[k], 1e-15);
        }
    }

    @Example
    void malformedSamplesAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> ConcurrentResult.aggregateSeconds(new long[0][], new long[0][]));
        assertThrows(IllegalArgumentException.class,
                () -> ConcurrentResult.aggregateSeconds(new long[][] {{0}, {0, 1}}, new long[][] {{1}, {1, 2}}));
        assertThrows(IllegalArgumentException.class,
                () -> ConcurrentResult.aggregateSeconds(new long[][] {{5}, {5}}, new long[][] {{5}, {4}}));
    }

    @Example
    void theAloneSumNeedsEveryGpu() {
        assertEquals(OptionalDouble.of(105.23),
                ConcurrentResult.aloneSum(List.of(OptionalDouble.of(52.63), OptionalDouble.of(52.60))));
        assertEquals(OptionalDouble.empty(),
                ConcurrentResult.aloneSum(List.of(OptionalDouble.of(52.63), OptionalDouble.empty())));
        assertEquals(OptionalDouble.empty(), ConcurrentResult.aloneSum(List.of()));
    }

    @Example
    void aRowIsVerifiedOnlyWhenEveryGpuIsAndHoldsTwoGpusAtLeast() {
        Summary aggregate = new Summary(53.9, 53.9, 53.9, 53.9, 0, 1);
        Summary one = new Summary(27, 27, 27, 27, 0, 1);
        List<ConcurrentResult.GpuShare> gpus = List.of(
                new ConcurrentResult.GpuShare(0, one, one, OptionalDouble.empty(), true),
                new ConcurrentResult.GpuShare(1, one, one, OptionalDouble.empty(), false));
        ConcurrentResult c = new ConcurrentResult("pinned", "h2d", 4096, gpus, aggregate, OptionalDouble.of(107.8));
        assertEquals(false, c.verified());
        assertThrows(IllegalArgumentException.class,
                () -> new ConcurrentResult("pinned", "h2d", 4096, gpus.subList(0, 1), aggregate, OptionalDouble.empty()));
    }

    @Example
    void aloneSumsComeFromEachDevicesOwnRun() {
        MultiDeviceResults r = dev.xfer.app.output.MultiDeviceFixtures.concurrentReport();
        List<ConcurrentResult> c = r.concurrent().orElseThrow();
        assertEquals(52.63 + 52.60, c.get(0).aloneGbpsSum().orElseThrow(), 1e-9);
        assertEquals(53.50 + 53.40, c.get(1).aloneGbpsSum().orElseThrow(), 1e-9);
    }
}
