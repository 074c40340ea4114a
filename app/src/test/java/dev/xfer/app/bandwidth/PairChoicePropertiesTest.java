package dev.xfer.app.bandwidth;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --pairs K --seed S} on any set of GPUs: K distinct ordered pairs of two different selected
 * GPUs, in the GPUs' order, the same for the same seed and GPUs; {@code --pair} and every pair
 * likewise within the GPUs selected.
 */
class PairChoicePropertiesTest {

    /** Distinct CUDA indices in any order, 2 to 12 of them (nvbandwidth samples on machines of 8 to 72). */
    @Provide
    Arbitrary<List<Integer>> gpus() {
        return Arbitraries.integers().between(0, 63).list().uniqueElements().ofMinSize(2).ofMaxSize(12);
    }

    @Property(tries = 300)
    void aSampleIsDistinctWithinTheGpusAndInTheirOrder(@ForAll("gpus") List<Integer> gpus,
                                                        @ForAll @IntRange(min = 1, max = 132) int count,
                                                        @ForAll long seed) {
        List<GpuPair> all = PairChoice.EVERY.resolve(gpus);
        Assume.that(count <= all.size());
        List<GpuPair> drawn = new PairChoice.Sampled(count, seed).resolve(gpus);
        assertEquals(count, drawn.size(), drawn.toString());
        assertEquals(count, new HashSet<>(drawn).size(), "distinct: " + drawn);
        for (GpuPair p : drawn) {
            assertTrue(gpus.contains(p.src()) && gpus.contains(p.dst()) && p.src() != p.dst(), p.toString());
        }
        // In the order every pair comes in: source-major, in the order the GPUs were selected.
        assertEquals(all.stream().filter(drawn::contains).toList(), drawn);
    }

    @Property(tries = 300)
    void theSameSeedAndGpusDrawTheSamePairs(@ForAll("gpus") List<Integer> gpus,
                                            @ForAll @IntRange(min = 1, max = 132) int count, @ForAll long seed) {
        Assume.that(count <= gpus.size() * (gpus.size() - 1));
        assertEquals(new PairChoice.Sampled(count, seed).resolve(gpus),
                new PairChoice.Sampled(count, seed).resolve(List.copyOf(gpus)));
    }

    @Property(tries = 200)
    void everyPairIsEachOrderedPairOnce(@ForAll("gpus") List<Integer> gpus) {
        List<GpuPair> all = PairChoice.EVERY.resolve(gpus);
        int n = gpus.size();
        assertEquals(n * (n - 1), all.size());
        assertEquals(all.size(), new HashSet<>(all).size());
        // Drawing them all draws every one.
        assertEquals(all, new PairChoice.Sampled(all.size(), 99).resolve(gpus));
    }

    @Property(tries = 200)
    void moreThanThereAreIsRefused(@ForAll("gpus") List<Integer> gpus, @ForAll @IntRange(min = 1, max = 5) int over,
                                   @ForAll long seed) {
        int available = gpus.size() * (gpus.size() - 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PairChoice.Sampled(available + over, seed).resolve(gpus));
        assertTrue(e.getMessage().startsWith("--pairs " + (available + over) + ": the " + gpus.size()
                + " GPUs selected ("), e.getMessage());
        assertTrue(e.getMessage().endsWith(" have " + available + " ordered pairs"), e.getMessage());
    }

    /** Different seeds draw different pairs often enough to sample a machine: not one fixed draw. */
    @Test
    void seedsDrawDifferentPairs() {
        List<Integer> eight = List.of(0, 1, 2, 3, 4, 5, 6, 7);
        Set<List<GpuPair>> draws = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            draws.add(new PairChoice.Sampled(4, seed).resolve(eight));
        }
        assertTrue(draws.size() >= 15, "20 seeds drew " + draws.size() + " different sets of 4 of 56 pairs");
        assertNotEquals(new PairChoice.Sampled(4, 1).resolve(eight), new PairChoice.Sampled(4, 2).resolve(eight));
    }

    /** The draw is pinned: a seed names the same pairs on every JVM (java.util.Random's sequence is specified). */
    @Test
    void theDefaultSeedDrawIsPinned() {
        List<GpuPair> drawn = new PairChoice.Sampled(3, PairChoice.DEFAULT_SEED).resolve(List.of(0, 1, 2, 3));
        assertEquals(PINNED_DEFAULT_DRAW, drawn.toString());
    }

    private static final String PINNED_DEFAULT_DRAW = "[0->1, 2->1, 3->0]";

    @Test
    void givenPairsAreKeptInTheGpusOrderOnceEach() {
        PairChoice given = new PairChoice.Given(List.of(new GpuPair(2, 0), new GpuPair(0, 1), new GpuPair(2, 0)));
        assertEquals(List.of(new GpuPair(0, 1), new GpuPair(2, 0)), given.resolve(List.of(0, 1, 2)));
        assertEquals(List.of(new GpuPair(2, 0), new GpuPair(0, 1)), given.resolve(List.of(2, 1, 0)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> given.resolve(List.of(0, 1)));
        assertEquals("--pair 2,0: GPU 2 is not among the GPUs selected (0, 1)", e.getMessage());
        assertEquals("--pair 2,0 --pair 0,1", given.describe());
        assertEquals("GPU pairs: 0->1, 2->0 (2 of 6, --pair 2,0 --pair 0,1)", given.line(List.of(0, 1, 2)));
    }

    @Test
    void aPairIsTwoGpus() {
        assertEquals(new GpuPair(3, 1), GpuPair.parse(" 3 , 1 "));
        assertEquals("--pair 1,1: a pair is two different GPUs",
                assertThrows(IllegalArgumentException.class, () -> GpuPair.parse("1,1")).getMessage());
        assertEquals("--pair -1,0: a GPU index is 0 or more",
                assertThrows(IllegalArgumentException.class, () -> GpuPair.parse("-1,0")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> GpuPair.parse("0,1,2"));
        assertThrows(IllegalArgumentException.class, () -> GpuPair.parse("0,"));
    }
}
