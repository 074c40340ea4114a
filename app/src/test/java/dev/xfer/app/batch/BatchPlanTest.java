package dev.xfer.app.batch;

import dev.xfer.cuda.SourceAccessOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A batch plan refuses what cannot run, naming the option at fault; strategies by label. */
class BatchPlanTest {
    private static final List<BatchStrategy> ALL = List.of(BatchStrategy.values());

    private static BatchPlan plan(int count, long bytes, List<BatchStrategy> strategies, int threads, int iterations,
                                  int warmup, int slots, long slotBytes) {
        return new BatchPlan(count, bytes, strategies, threads, iterations, warmup, slots, slotBytes);
    }

    private static BatchPlan plan(List<BatchStrategy> strategies) {
        return plan(10, 4096, strategies, 4, 5, 1, 4, 4096);
    }

    private static void rejected(String message, Executable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertEquals(message, e.getMessage());
    }

    @Test
    void theCommandDefaultsAreValid() {
        BatchPlan p = plan(BatchPlan.PRESET_COUNT, BatchPlan.LARGE_BYTES, ALL, 4, 5, 1, 4, 4L << 20);
        assertEquals(1000, p.count());
        assertEquals(4_000_000L, p.bytes());
        assertEquals(ALL, p.strategies());
        assertEquals(4000L, BatchPlan.SMALL_BYTES);
    }

    @Test
    void countZero() {
        rejected("--count must be at least 1, not 0", () -> plan(0, 4096, ALL, 4, 5, 1, 4, 4096));
    }

    @Test
    void countNegative() {
        rejected("--count must be at least 1, not -3", () -> plan(-3, 4096, ALL, 4, 5, 1, 4, 4096));
    }

    @Test
    void sizeZero() {
        rejected("--size must be at least 1 byte", () -> plan(10, 0, ALL, 4, 5, 1, 4, 4096));
    }

    @Test
    void threadsZero() {
        rejected("--threads must be 1 to 256, not 0", () -> plan(10, 4096, ALL, 0, 5, 1, 4, 4096));
    }

    @Test
    void threadsAbove256() {
        rejected("--threads must be 1 to 256, not 257", () -> plan(10, 4096, ALL, 257, 5, 1, 4, 4096));
    }

    @Test
    void threadsAtTheBounds() {
        assertDoesNotThrow(() -> plan(10, 4096, ALL, 1, 5, 1, 4, 4096));
        assertDoesNotThrow(() -> plan(10, 4096, ALL, 256, 5, 1, 4, 4096));
    }

    @Test
    void iterationsZero() {
        rejected("--iterations must be at least 1, not 0", () -> plan(10, 4096, ALL, 4, 0, 1, 4, 4096));
    }

    @Test
    void warmupNegative() {
        rejected("--warmup must not be negative, not -1", () -> plan(10, 4096, ALL, 4, 5, -1, 4, 4096));
    }

    @Test
    void warmupZeroIsAllowed() {
        assertEquals(0, plan(10, 4096, ALL, 4, 5, 0, 4, 4096).warmup());
    }

    @Test
    void stagingSlotsZero() {
        rejected("--staging-slots must be 1 to 1024, not 0", () -> plan(10, 4096, ALL, 4, 5, 1, 0, 4096));
    }

    @Test
    void stagingSlotsAbove1024() {
        rejected("--staging-slots must be 1 to 1024, not 1025", () -> plan(10, 4096, ALL, 4, 5, 1, 1025, 4096));
    }

    @Test
    void stagingSizeZero() {
        rejected("--staging-size must be at least 1 byte", () -> plan(10, 4096, ALL, 4, 5, 1, 4, 0));
    }

    @Test
    void noStrategies() {
        rejected("--strategies needs at least one strategy", () -> plan(List.of()));
    }

    @Test
    void strategiesAreCopied() {
        List<BatchStrategy> chosen = new java.util.ArrayList<>(List.of(BatchStrategy.STAGED));
        BatchPlan p = plan(chosen);
        chosen.add(BatchStrategy.BATCHED);
        assertEquals(List.of(BatchStrategy.STAGED), p.strategies());
    }

    // ---- bytes

    @Test
    void totalBytesIsCountTimesSize() {
        assertEquals(40_960L, plan(ALL).totalBytes());
        assertEquals(4_000_000L, plan(1000, BatchPlan.SMALL_BYTES, ALL, 4, 5, 1, 4, 4096).totalBytes());
        assertEquals(4_000_000_000L, plan(1000, BatchPlan.LARGE_BYTES, ALL, 4, 5, 1, 4, 4096).totalBytes(),
                "beyond an int");
    }

    @Test
    void totalBytesOverflowIsRefusedNotWrapped() {
        BatchPlan p = plan(4, Long.MAX_VALUE / 2, ALL, 4, 5, 1, 4, 4096);
        assertThrows(ArithmeticException.class, p::totalBytes);
    }

    // ---- which sources a plan allocates

    @Test
    void allStrategiesNeedBothKinds() {
        BatchPlan p = plan(ALL);
        assertTrue(p.needsPageableSources());
        assertTrue(p.needsPinnedSources());
    }

    @ParameterizedTest
    @EnumSource(value = BatchStrategy.class, names = {"PINNED_BLOCKING", "PINNED_ASYNC", "BATCHED"})
    void pinnedOnlyStrategiesNeedNoPageableSources(BatchStrategy s) {
        BatchPlan p = plan(List.of(s));
        assertFalse(p.needsPageableSources(), s.label());
        assertTrue(p.needsPinnedSources(), s.label());
    }

    @ParameterizedTest
    @EnumSource(value = BatchStrategy.class,
            names = {"PAGEABLE_BLOCKING", "PAGEABLE_ASYNC", "PIN_THEN_COPY_BLOCKING", "PIN_THEN_COPY_ASYNC", "PIN_THREADS",
                    "STAGED"})
    void pageableOnlyStrategiesNeedNoPinnedSources(BatchStrategy s) {
        BatchPlan p = plan(List.of(s));
        assertTrue(p.needsPageableSources(), s.label());
        assertFalse(p.needsPinnedSources(), s.label());
    }

    @Test
    void mixedSubsets() {
        BatchPlan pageableOnly = plan(List.of(BatchStrategy.PAGEABLE_ASYNC, BatchStrategy.PIN_THREADS, BatchStrategy.STAGED));
        assertTrue(pageableOnly.needsPageableSources());
        assertFalse(pageableOnly.needsPinnedSources());
        BatchPlan pinnedOnly = plan(List.of(BatchStrategy.BATCHED, BatchStrategy.PINNED_ASYNC));
        assertFalse(pinnedOnly.needsPageableSources());
        assertTrue(pinnedOnly.needsPinnedSources());
        BatchPlan both = plan(List.of(BatchStrategy.STAGED, BatchStrategy.BATCHED));
        assertTrue(both.needsPageableSources());
        assertTrue(both.needsPinnedSources());
    }

    // ---- strategies

    @Test
    void whichStrategiesReadPageableMemory() {
        Set<BatchStrategy> pinned = EnumSet.of(BatchStrategy.PINNED_BLOCKING, BatchStrategy.PINNED_ASYNC,
                BatchStrategy.BATCHED);
        for (BatchStrategy s : BatchStrategy.values()) {
            assertEquals(!pinned.contains(s), s.readsPageable(), s.label());
        }
    }

    @Test
    void labelsInOrder() {
        assertEquals(List.of("pageable-blocking", "pageable-async", "pinned-blocking", "pinned-async",
                        "pin-then-copy-blocking", "pin-then-copy-async", "pin-threads", "batched", "staged",
                        "batched-pageable-stream", "batched-pageable-during-api-call", "batched-pageable-any",
                        "batched-pageable-stream-overlap", "batched-pageable-during-api-call-overlap",
                        "batched-pageable-any-overlap"),
                Arrays.stream(BatchStrategy.values()).map(BatchStrategy::label).toList());
    }

    @Test
    void theDefaultIsTheNineBeforeThePageableBatchedOnes() {
        assertEquals(Arrays.asList(BatchStrategy.values()).subList(0, 9), BatchStrategy.DEFAULT);
        assertTrue(BatchStrategy.DEFAULT.stream().noneMatch(s -> s.usesBatchApi() && s.readsPageable()));
    }

    @Test
    void eachPageableBatchedStrategyIsOneAccessOrderWithOrWithoutTheFlag() {
        Set<String> seen = new java.util.HashSet<>();
        for (BatchStrategy s : BatchStrategy.values()) {
            if (!s.usesBatchApi()) {
                assertTrue(s.batchOrder().isEmpty(), s.label());
                assertFalse(s.preferOverlap(), s.label());
                continue;
            }
            SourceAccessOrder order = s.batchOrder().orElseThrow();
            if (s == BatchStrategy.BATCHED) {
                assertEquals(SourceAccessOrder.STREAM, order);
                assertFalse(s.preferOverlap());
                continue;
            }
            assertTrue(s.readsPageable(), s.label());
            // the label says the order and the flag, as CUDA names them
            assertEquals("batched-pageable-" + order.label() + (s.preferOverlap() ? "-overlap" : ""), s.label());
            assertTrue(seen.add(order + "/" + s.preferOverlap()), s.label());
        }
        assertEquals(2 * SourceAccessOrder.values().length, seen.size());
    }

    @Test
    void theRuntimeLackingTheApiWaivesEachPageableBatchedStrategyNamedAsItsRow() {
        BatchPlan p = plan(List.of(BatchStrategy.PAGEABLE_ASYNC, BatchStrategy.BATCHED_PAGEABLE_ANY,
                BatchStrategy.BATCHED, BatchStrategy.BATCHED_PAGEABLE_STREAM_OVERLAP));
        String why = "libcudart 12.4 has no cudaMemcpyBatchAsync (CUDA 12.8 added it; xfer calls CUDA 13's)";
        assertEquals(List.of(new dev.xfer.app.result.Waiver("batched-pageable-any", why),
                        new dev.xfer.app.result.Waiver("batched-pageable-stream-overlap", why)),
                BatchBenchmark.waivers(p, java.util.Optional.of(why), java.util.OptionalInt.empty()));
        assertEquals(List.of("waived: batched-pageable-any on node 1: " + why,
                        "waived: batched-pageable-stream-overlap on node 1: " + why),
                BatchBenchmark.waivers(p, java.util.Optional.of(why), java.util.OptionalInt.of(1)).stream()
                        .map(dev.xfer.app.result.Waiver::line).toList());
        assertEquals(List.of(), BatchBenchmark.waivers(p, java.util.Optional.empty(), java.util.OptionalInt.empty()),
                "a runtime with the API waives nothing");
        assertEquals(List.of(), BatchBenchmark.waivers(plan(List.of(BatchStrategy.BATCHED)), java.util.Optional.of(why),
                java.util.OptionalInt.empty()), "batched keeps its unavailable row");
    }

    @ParameterizedTest
    @EnumSource(BatchStrategy.class)
    void labelsRoundTrip(BatchStrategy s) {
        assertSame(s, BatchStrategy.fromLabel(s.label()));
        assertSame(s, BatchStrategy.fromLabel(s.toString()));
        assertSame(s, BatchStrategy.fromLabel(" " + s.label().toUpperCase(java.util.Locale.ROOT) + " "),
                "case and surrounding blanks do not matter");
        assertFalse(s.description().isBlank(), s.label());
    }

    @Test
    void labelsAreDistinctResultNameSegments() {
        List<String> labels = Arrays.stream(BatchStrategy.values()).map(BatchStrategy::label).toList();
        assertEquals(labels.size(), Set.copyOf(labels).size());
        for (String label : labels) {
            assertTrue(label.matches("[a-z0-9-]+"), label);
        }
    }

    @Test
    void unknownLabelNamesItAndEveryChoice() {
        rejected("unknown strategy 'nope' (expected one of pageable-blocking, pageable-async, pinned-blocking, "
                        + "pinned-async, pin-then-copy-blocking, pin-then-copy-async, pin-threads, batched, staged, "
                        + "batched-pageable-stream, batched-pageable-during-api-call, batched-pageable-any, "
                        + "batched-pageable-stream-overlap, batched-pageable-during-api-call-overlap, "
                        + "batched-pageable-any-overlap)",
                () -> BatchStrategy.fromLabel("nope"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "pinned", "pinned_async", "pinnedasync", "stage"})
    void nearMissesAreUnknown(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BatchStrategy.fromLabel(text));
        assertTrue(e.getMessage().startsWith("unknown strategy '" + text + "'"), e.getMessage());
    }
}
