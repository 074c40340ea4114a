package dev.xfer.app.commands;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.fleet.DocumentReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bandwidth --runs 3} on the GPU: three repetitions, each in its own (reset) context with
 * its own start, each transfer verified, read back as three runs of the one GPU.
 */
@Tag("gpu")
class RepetitionsOnGpuTest {
    @Test
    @SuppressWarnings("unchecked")
    void bandwidthRunsThreeGivesThreeVerifiedRepetitions() {
        XferRun run = XferRun.of("bandwidth", "--runs", "3", "--json", "--size", "16MiB", "--memory", "pinned",
                "--iterations", "5", "--warmup", "2");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(run.out());
        List<Object> runs = (List<Object>) doc.get("runs");
        assertEquals(3, runs.size());
        Set<Object> starts = new HashSet<>();
        for (Object r : runs) {
            Map<String, Object> one = (Map<String, Object>) r;
            starts.add(((Map<String, Object>) one.get("context")).get("started"));
            List<Object> results = (List<Object>) one.get("results");
            assertEquals(2, results.size(), "pinned h2d and d2h");
            for (Object row : results) {
                assertEquals(Boolean.TRUE, ((Map<String, Object>) row).get("verified"), row.toString());
                double gbps = ((Number) ((Map<String, Object>) ((Map<String, Object>) row).get("gbps")).get("median")).doubleValue();
                assertTrue(gbps > 1, "a pinned copy at " + gbps + " GB/s");
            }
            assertEquals(List.of(), one.get("failures"));
        }
        assertEquals(3, starts.size(), "each repetition opened its device anew: " + starts);
        List<GpuResults> read = new DocumentReader().results(Path.of("runs.json"), doc);
        assertEquals(3, read.size());
        assertEquals(Set.of(1, 2, 3), Set.copyOf(read.stream().map(g -> g.repetition().orElseThrow()).toList()));
        assertEquals(1, read.stream().map(g -> g.gpu().orElseThrow().uuid()).distinct().count(), "one GPU");
    }

    @Test
    void smokeQuickRunsTwoPassesTwice() {
        XferRun run = XferRun.of("smoke", "--quick", "--runs", "2");
        assertEquals(ExitCode.OK, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("smoke: run 1 of 2: PASS") && run.out().contains("smoke: run 2 of 2: PASS"), run.out());
        assertTrue(run.out().contains("runs: 2 (fresh context and host allocations each)"), run.out());
    }
}
