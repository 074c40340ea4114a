package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pattern rounds in text (golden), CSV, JSON rows and result names. */
class PatternRenderingTest {
    private static final List<Integer> TWO = List.of(0, 1);

    @Test
    void textReport() throws IOException {
        List<String> headlines = List.of(
                "device 0: NVIDIA H200, PCIe Gen5 x16 (63.0 GB/s per direction), CUDA runtime 13.0, driver 13.0",
                "device 1: NVIDIA H200, PCIe Gen5 x16 (63.0 GB/s per direction), CUDA runtime 13.0, driver 13.0");
        GoldenFile.assertMatches("bandwidth-patterns.txt", PatternText.render(headlines, TWO, PatternFixtures.results(),
                PatternFixtures.failures(), List.of("one-to-all-write: GPU 2 not measured: no other selected GPU has peer access with it"
                        + " (cudaDeviceCanAccessPeer), so there is no copy to time")),
                "the text report of a pattern run changed; rewrite with -Dxfer.updateGolden=true if on purpose");
    }

    @Test
    void csvHasOneRowPerRound() {
        List<String> lines = PatternCsv.render(PatternFixtures.results()).lines().toList();
        assertEquals("pattern,copy,direction,bytes,device,others,copies,median_gbps,min_gbps,max_gbps,mean_gbps,"
                + "stddev_gbps,aggregate_median_gbps,aggregate_min_gbps,aggregate_max_gbps,iterations,verified",
                lines.getFirst());
        assertEquals(5, lines.size());
        assertEquals("all-to-host,driver,d2h,536870912,0,1,2,41.5,41.0,41.75,41.5,0.125,97.25,96.75,97.5,20,true",
                lines.get(1));
        assertTrue(lines.get(4).startsWith("all-to-one-read,kernel,p2p,536870912,1,0,1,121.0,"), lines.get(4));
        assertTrue(lines.get(4).endsWith(",false"), lines.get(4));
    }

    @Test
    void jsonRowsCarryTheRoundsIdentity() {
        @SuppressWarnings("unchecked")
        Map<String, Object> row = (Map<String, Object>) JsonMaps.parse(Json.write(PatternRow.rows(PatternFixtures.results()).get(2)));
        assertEquals("all-to-one-read", row.get("pattern"));
        assertEquals("kernel", row.get("copy"));
        assertEquals("p2p", row.get("direction"));
        assertEquals(PatternFixtures.MIB512, row.get("bytes"));
        assertEquals(0L, row.get("device"));
        assertEquals(List.of(1L), row.get("others"));
        assertEquals(true, row.get("verified"));
        assertTrue(row.get("gbps") instanceof Map<?, ?> m && m.get("median").equals(123.5), row.toString());
    }

    @Test
    void namesAndTheirFailures() {
        RunResults results = PatternRow.runResults(PatternFixtures.results());
        List<String> names = results.metrics().stream().map(Metric::name).toList();
        assertEquals(List.of("pattern.all-to-host.512MiB.gpu0", "pattern.all-to-host.512MiB.gpu0.aggregate",
                "pattern.all-to-host.512MiB.gpu1", "pattern.all-to-host.512MiB.gpu1.aggregate",
                "pattern.all-to-one-read.kernel.512MiB.gpu0", "pattern.all-to-one-read.kernel.512MiB.gpu0.aggregate",
                "pattern.all-to-one-read.kernel.512MiB.gpu1", "pattern.all-to-one-read.kernel.512MiB.gpu1.aggregate"),
                names);
        List<MeasuredConfiguration> failed = results.configurations().stream().filter(c -> !c.passed()).toList();
        assertEquals(2, failed.size(), "the measured figure and the aggregate of the round with a wrong byte");
        assertTrue(failed.stream().allMatch(c -> c.name().startsWith("pattern.all-to-one-read.kernel.512MiB.gpu1")));
        assertFalse(results.allPassed());
        // Every name a result has was declared before measuring.
        Set<String> declared = new HashSet<>(PatternPlan.declarations(PatternFixtures.plans(), TWO).stream()
                .map(MetricDeclaration::name).toList());
        assertTrue(declared.containsAll(names), declared.toString());
    }

    /** Every form, path, size and GPU gets names of its own: no two plans' rounds can be mistaken for each other. */
    @Test
    void everyFormPathSizeAndGpuHasNamesOfItsOwn() {
        List<PatternPlan> plans = new ArrayList<>();
        for (TrafficPattern pattern : TrafficPattern.values()) {
            for (boolean bidirectional : pattern.involvesHost() ? List.of(false, true) : List.of(false)) {
                for (Initiation side : pattern.involvesHost() ? List.of(Initiation.WRITE) : List.of(Initiation.values())) {
                    for (CopyPath path : List.of(CopyPath.DRIVER, CopyPath.KERNEL)) {
                        for (long size : List.of(1L << 20, 3L << 20, 512L << 20)) {
                            plans.add(new PatternPlan(pattern, bidirectional, side, path, size));
                        }
                    }
                }
            }
        }
        assertEquals(8, plans.stream().map(PatternPlan::form).distinct().count());
        List<String> names = PatternPlan.declarations(plans, List.of(0, 1, 2, 3, 10, 11)).stream()
                .map(MetricDeclaration::name).toList();
        assertEquals(names.size(), new HashSet<>(names).size(), "a name shared by two results");
        assertEquals(plans.size() * 6 * 2, names.size());
        // gpu1 is no prefix of gpu10's names: each name ends at its GPU or its aggregate.
        assertTrue(names.stream().allMatch(n -> n.matches("pattern\\.[a-z-]+(\\.kernel)?\\.\\d+MiB\\.gpu\\d+(\\.aggregate)?")),
                names.toString());
    }
}
