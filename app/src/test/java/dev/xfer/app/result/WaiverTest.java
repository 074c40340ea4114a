package dev.xfer.app.result;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Waivers in text: one line per reason, configurations sharing it grouped, a long list counted. */
class WaiverTest {
    @Test
    void oneLinePerReasonInTheOrderReasonsFirstAppear() {
        List<Waiver> waivers = List.of(new Waiver("pinned tma h2d 4096 B", "TMA needs compute capability 9.0, GPU 0 has 8.0"),
                new Waiver("batched", "needs cudaMemcpyBatchAsync of CUDA 13 or later"),
                new Waiver("pinned tma d2h 4096 B", "TMA needs compute capability 9.0, GPU 0 has 8.0"),
                new Waiver("pinned tma d2h 4096 B", "TMA needs compute capability 9.0, GPU 0 has 8.0"));
        assertEquals(List.of("waived: TMA needs compute capability 9.0, GPU 0 has 8.0: pinned tma h2d 4096 B,"
                        + " pinned tma d2h 4096 B",
                "waived: needs cudaMemcpyBatchAsync of CUDA 13 or later: batched"), Waiver.lines(waivers));
    }

    @Test
    void pastSixConfigurationsTheLineCountsTheRest() {
        List<Waiver> many = IntStream.range(0, 20).mapToObj(i -> new Waiver("p2p " + (1L << i) + " B", "one GPU")).toList();
        List<String> lines = Waiver.lines(many);
        assertEquals(1, lines.size());
        assertEquals("waived: one GPU: p2p 1 B, p2p 2 B, p2p 4 B, p2p 8 B, p2p 16 B, p2p 32 B and 14 more", lines.getFirst());
    }

    @Test
    void noWaiversNoLines() {
        assertEquals(List.of(), Waiver.lines(List.of()));
    }

    @Test
    void aWaiverNamesItsConfigurationAndReason() {
        assertThrows(IllegalArgumentException.class, () -> new Waiver(" ", "why"));
        assertThrows(IllegalArgumentException.class, () -> new Waiver("p2p", ""));
    }
}
