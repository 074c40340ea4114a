package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shape of every round, for any number of GPUs and every pattern and form. */
class PatternPlanPropertiesTest {

    @Property(tries = 200)
    void everyGpuIsMeasuredOnceAndEveryRoundIsAroundIt(@ForAll @IntRange(min = 2, max = 16) int count,
                                                        @ForAll TrafficPattern pattern, @ForAll boolean bidir,
                                                        @ForAll Initiation initiation) {
        Assume.that(!bidir || pattern.involvesHost());
        List<Integer> gpus = IntStream.range(0, count).map(i -> 3 * i + 1).boxed().toList();
        PatternPlan plan = new PatternPlan(pattern, bidir, initiation, CopyPath.DRIVER, 4096);
        List<PatternRound> rounds = plan.rounds(gpus, (a, b) -> true);
        assertEquals(gpus, rounds.stream().map(PatternRound::measured).toList());
        for (PatternRound round : rounds) {
            int m = round.measured();
            List<PlannedCopy> timed = round.timed();
            if (pattern.involvesHost()) {
                // One timed copy, the measured GPU's own; every GPU copies in each direction it is asked to.
                assertEquals(1, timed.size(), round.toString());
                assertEquals(m, timed.getFirst().initiator());
                assertEquals(count * (bidir ? 2 : 1), round.copies().size(), round.toString());
                assertTrue(round.interfering().stream().allMatch(c -> c.bytes() == 2 * 4096), round.toString());
                assertTrue(round.copies().stream().allMatch(c -> c.from().host() != c.to().host()));
            } else {
                // One timed copy per other GPU, each between it and the measured one, none host.
                assertEquals(count - 1, timed.size(), round.toString());
                Set<Integer> others = new java.util.HashSet<>();
                for (PlannedCopy c : timed) {
                    assertTrue(!c.from().host() && !c.to().host());
                    int other = c.from().gpu() == m ? c.to().gpu() : c.from().gpu();
                    assertTrue(c.from().gpu() == m || c.to().gpu() == m, c.toString());
                    others.add(other);
                    int expectedIssuer = pattern == TrafficPattern.ALL_TO_ONE ? other : m;
                    assertEquals(expectedIssuer, c.initiator(), c.toString());
                    // write: the issuer holds the data; read: it receives it.
                    int issuerEnd = initiation == Initiation.WRITE ? c.from().gpu() : c.to().gpu();
                    assertEquals(c.initiator(), issuerEnd, c.toString());
                }
                assertEquals(new ArrayList<>(gpus).stream().filter(g -> g != m).collect(Collectors.toSet()), others);
            }
        }
    }
}
