package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which copies run in each round, which GPU issues each, and which are timed: nvbandwidth's cases. */
class PatternPlanTest {
    private static final long S = 1 << 20;
    private static final List<Integer> THREE = List.of(0, 1, 2);

    private static PatternPlan plan(TrafficPattern p, boolean bidir, Initiation i) {
        return new PatternPlan(p, bidir, i, CopyPath.DRIVER, S);
    }

    private static PlannedCopy copy(Endpoint from, Endpoint to, int by, long bytes, boolean timed) {
        return new PlannedCopy(from, to, by, bytes, timed);
    }

    private static Endpoint gpu(int g) {
        return Endpoint.device(g);
    }

    private static Endpoint host(int g) {
        return Endpoint.hostFor(g);
    }

    /** all_to_host_memcpy_ce: GPU 1's D2H timed while GPUs 0 and 2 copy twice as much to the host. */
    @Test
    void allToHostTimesTheMeasuredGpusCopyAmongTheOthers() {
        List<PatternRound> rounds = plan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE).rounds(THREE, (a, b) -> true);
        assertEquals(List.of(0, 1, 2), rounds.stream().map(PatternRound::measured).toList());
        assertEquals(List.of(copy(gpu(0), host(0), 0, 2 * S, false), copy(gpu(1), host(1), 1, S, true),
                copy(gpu(2), host(2), 2, 2 * S, false)), rounds.get(1).copies());
    }

    /** host_to_all_bidirectional_memcpy_ce: each GPU also copies the other way, the measured one too. */
    @Test
    void hostToAllBidirAddsTheOppositeCopyEverywhere() {
        PatternRound round = plan(TrafficPattern.HOST_TO_ALL, true, Initiation.WRITE).rounds(List.of(0, 1), (a, b) -> true)
                .getFirst();
        assertEquals(List.of(copy(host(0), gpu(0), 0, S, true), copy(gpu(0), host(0), 0, 2 * S, false),
                copy(host(1), gpu(1), 1, 2 * S, false), copy(gpu(1), host(1), 1, 2 * S, false)), round.copies());
        assertEquals(1, round.timed().size());
    }

    /** all_to_one_write_ce: the others write into GPU 0, each from its own stream; all timed (total inbound). */
    @Test
    void allToOneWriteIsTheOthersPushingIntoTheOne() {
        PatternRound round = plan(TrafficPattern.ALL_TO_ONE, false, Initiation.WRITE).rounds(THREE, (a, b) -> true).getFirst();
        assertEquals(List.of(copy(gpu(1), gpu(0), 1, S, true), copy(gpu(2), gpu(0), 2, S, true)), round.copies());
    }

    /** all_to_one_read_ce: the others read out of GPU 0 (total outbound of GPU 0). */
    @Test
    void allToOneReadIsTheOthersPullingFromTheOne() {
        PatternRound round = plan(TrafficPattern.ALL_TO_ONE, false, Initiation.READ).rounds(THREE, (a, b) -> true).getFirst();
        assertEquals(List.of(copy(gpu(0), gpu(1), 1, S, true), copy(gpu(0), gpu(2), 2, S, true)), round.copies());
    }

    @Test
    void oneToAllWriteAndReadAreIssuedByTheOne() {
        PatternRound write = plan(TrafficPattern.ONE_TO_ALL, false, Initiation.WRITE).rounds(THREE, (a, b) -> true).get(2);
        assertEquals(List.of(copy(gpu(2), gpu(0), 2, S, true), copy(gpu(2), gpu(1), 2, S, true)), write.copies());
        PatternRound read = plan(TrafficPattern.ONE_TO_ALL, false, Initiation.READ).rounds(THREE, (a, b) -> true).get(2);
        assertEquals(List.of(copy(gpu(0), gpu(2), 2, S, true), copy(gpu(1), gpu(2), 2, S, true)), read.copies());
    }

    /** Pairs without peer access drop out; a GPU that reaches none has no round. */
    @Test
    void pairsWithoutPeerAccessAreLeftOut() {
        Set<List<Integer>> reachable = Set.of(List.of(0, 1), List.of(1, 0));
        List<PatternRound> rounds = plan(TrafficPattern.ONE_TO_ALL, false, Initiation.WRITE)
                .rounds(THREE, (a, b) -> reachable.contains(List.of(a, b)));
        assertEquals(List.of(0, 1), rounds.stream().map(PatternRound::measured).toList());
        assertEquals(List.of(copy(gpu(0), gpu(1), 0, S, true)), rounds.getFirst().copies());
    }

    @Test
    void oneGpuSaysWhyThereAreNoPatterns() {
        assertEquals("no many-GPU patterns: they need two GPUs at least (one measured, the others interfering);"
                + " this run has one (GPU 0)", PatternPlan.whyNone(List.of(0)).orElseThrow());
        assertTrue(plan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE).rounds(List.of(0), (a, b) -> true).isEmpty());
        assertTrue(PatternPlan.whyNone(List.of(0, 1)).isEmpty());
    }

    @Test
    void formsAPatternDoesNotHaveAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan(TrafficPattern.ALL_TO_ONE, true, Initiation.WRITE));
        assertTrue(e.getMessage().startsWith("all-to-one has no bidirectional form"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new PatternPlan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE, CopyPath.STAGED, S));
        assertTrue(e.getMessage().contains("--copy staged"), e.getMessage());
        assertEquals(TrafficPattern.ONE_TO_ALL, TrafficPattern.fromLabel(" One-To-All "));
        assertThrows(IllegalArgumentException.class, () -> TrafficPattern.fromLabel("all-to-all"));
    }
    @Test
    void eachFormHasOneWordAndItsTimedCopiesADirection() {
        assertEquals("all-to-host", plan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE).form());
        assertEquals("host-to-all-bidirectional", plan(TrafficPattern.HOST_TO_ALL, true, Initiation.WRITE).form());
        assertEquals("all-to-one-read", plan(TrafficPattern.ALL_TO_ONE, false, Initiation.READ).form());
        assertEquals("one-to-all-write", plan(TrafficPattern.ONE_TO_ALL, false, Initiation.WRITE).form());
        // The initiation of a host pattern changes nothing: one form.
        assertEquals(plan(TrafficPattern.ALL_TO_HOST, false, Initiation.READ).form(),
                plan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE).form());
        assertEquals("d2h", PatternResult.direction(plan(TrafficPattern.ALL_TO_HOST, true, Initiation.WRITE)));
        assertEquals("h2d", PatternResult.direction(plan(TrafficPattern.HOST_TO_ALL, false, Initiation.WRITE)));
        assertEquals("p2p", PatternResult.direction(plan(TrafficPattern.ONE_TO_ALL, false, Initiation.READ)));
    }

    @Test
    void theCopyKernelRunsTheSameRounds() {
        PatternPlan byKernel = new PatternPlan(TrafficPattern.ALL_TO_ONE, false, Initiation.READ, CopyPath.KERNEL, S);
        PatternPlan byDriver = new PatternPlan(TrafficPattern.ALL_TO_ONE, false, Initiation.READ, CopyPath.DRIVER, S);
        assertEquals(byDriver.rounds(THREE, (a, b) -> true), byKernel.rounds(THREE, (a, b) -> true));
    }
}
