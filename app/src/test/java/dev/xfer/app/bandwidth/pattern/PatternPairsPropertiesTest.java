package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.PairChoice;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * all-to-one and one-to-all over the pairs {@code --pairs K} drew: every copy between GPUs is a
 * drawn pair (data from, data to), every drawn pair is copied in the one round of the GPU the
 * pattern measures in it, and a GPU without a drawn pair in the pattern's direction has no round.
 * The host patterns have no pairs and keep every round.
 */
class PatternPairsPropertiesTest {

    @Property(tries = 300)
    void roundsCopyExactlyTheDrawnPairs(@ForAll @IntRange(min = 2, max = 9) int count,
                                        @ForAll @IntRange(min = 1, max = 72) int k, @ForAll long seed,
                                        @ForAll TrafficPattern pattern, @ForAll Initiation initiation) {
        Assume.that(k <= count * (count - 1));
        List<Integer> gpus = IntStream.range(0, count).map(i -> 2 * i).boxed().toList();
        Set<GpuPair> drawn = Set.copyOf(new PairChoice.Sampled(k, seed).resolve(gpus));
        PatternPlan plan = new PatternPlan(pattern, false, initiation, CopyPath.DRIVER, 4096);
        List<PatternRound> rounds = plan.rounds(gpus, (a, b) -> true, drawn::contains);
        if (pattern.involvesHost()) {
            assertEquals(plan.rounds(gpus, (a, b) -> true), rounds, "no pairs in the host patterns");
            return;
        }
        int copies = 0;
        for (PatternRound round : rounds) {
            for (PlannedCopy c : round.copies()) {
                GpuPair pair = new GpuPair(c.from().gpu(), c.to().gpu());
                assertTrue(drawn.contains(pair), pair + " in " + round);
                assertTrue(c.from().gpu() == round.measured() || c.to().gpu() == round.measured(), round.toString());
                copies++;
            }
        }
        // Each drawn pair is copied once: in the round of the GPU that the pattern measures in it.
        assertEquals(drawn.size(), copies);
        for (int gpu : gpus) {
            boolean has = rounds.stream().anyMatch(r -> r.measured() == gpu);
            boolean measuredIn = drawn.stream().anyMatch(p -> measured(pattern, initiation, p) == gpu);
            assertEquals(measuredIn, has, "GPU " + gpu + " over " + drawn);
        }
    }

    /** The GPU whose round copies {@code pair}: the one acted on (all-to-one) or acting (one-to-all). */
    private static int measured(TrafficPattern pattern, Initiation initiation, GpuPair pair) {
        int actor = initiation == Initiation.WRITE ? pair.src() : pair.dst();
        int acted = actor == pair.src() ? pair.dst() : pair.src();
        return pattern == TrafficPattern.ALL_TO_ONE ? acted : actor;
    }
}
