package dev.xfer.app.commands;

import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.pattern.PatternFixtures;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.Result;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.xfer.app.output.MultiDeviceFixtures.h200At;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The document of a pattern run over GPUs 0 and 1 (golden {@code bandwidth-devices-patterns.json},
 * which {@code JsonSchemaGoldenTest} validates), and the records the result layer reads back from
 * it: each round's results belong to the GPU it measured, under names of their own on that GPU
 * (the same on every GPU, so fleet lines them up), in OpenMetrics with label sets of their own,
 * the wrong round failing.
 */
class PatternDocumentTest {
    private static final Path FILE = Path.of("bandwidth-devices-patterns.json");

    private static DevicesDocument document() {
        return dev.xfer.app.bandwidth.pattern.PatternRun.document(
                List.of(ResultsFixtures.context(h200At(0, 0x17, 0)), ResultsFixtures.context(h200At(1, 0x97, 1))),
                List.of(0, 1), PatternFixtures.plans(), ResultsFixtures.bandwidthPlan(), PatternFixtures.results(),
                PatternFixtures.failures());
    }

    @Test
    void golden() throws IOException {
        GoldenFile.assertDocument("bandwidth-devices-patterns.json", Json.write(document()));
    }

    @Test
    void eachRoundBelongsToTheGpuItMeasured() {
        List<GpuResults> gpus = new DocumentReader().results(FILE, JsonMaps.parse(Json.write(document())));
        assertEquals(2, gpus.size());
        List<String> first = gpus.getFirst().results().stream().map(r -> r.identity().name()).toList();
        assertEquals(List.of("d2h.all-to-host.512MiB.count2.gbps", "d2h.all-to-host.512MiB.count2.aggregate-gbps",
                "kernel.p2p.all-to-one-read.512MiB.count1.gbps",
                "kernel.p2p.all-to-one-read.512MiB.count1.aggregate-gbps"), first);
        List<Result> second = gpus.get(1).results();
        assertEquals(first, second.stream().map(r -> r.identity().name()).toList(), "one pattern, one identity");
        assertEquals(40.75, second.getFirst().displayed().orElseThrow().median(), 1e-9);
        for (Result r : second) {
            boolean wrong = r.identity().name().contains("all-to-one-read");
            assertEquals(wrong, r.check().failed(), r.toString());
        }
        for (GpuResults g : gpus) {
            Set<String> names = new HashSet<>();
            g.results().forEach(r -> assertTrue(names.add(r.identity().name()), r.identity().name()));
        }
    }

    /** What --html draws for a pattern run, through the document as xfer plot reads it: no error, a page. */
    @Test
    void plotDrawsThePatternDocument(@TempDir Path dir) throws IOException {
        Path doc = dir.resolve("patterns.json");
        Files.writeString(doc, Json.write(document()));
        Path page = dir.resolve("report.html");
        XferRun run = XferRun.of("plot", doc.toString(), "-o", page.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.readString(page).contains("<svg") || Files.readString(page).contains("<html"), run.err());
    }

    @Test
    void openMetricsGivesEveryRoundItsOwnLabels() {
        String text = OpenMetrics.render((new DocumentReader().runs(FILE, JsonMaps.parse(Json.write(document())))).stream().map(dev.xfer.app.fleet.GpuRun::results).toList());
        List<String> samples = text.lines().filter(l -> !l.startsWith("#") && l.contains("pattern=\"")).toList();
        assertEquals(8, samples.size(), text);
        Set<String> labelSets = new HashSet<>();
        for (String s : samples) {
            assertTrue(labelSets.add(s.substring(0, s.lastIndexOf(' '))), "two samples with one label set: " + s);
        }
        assertTrue(samples.stream().anyMatch(s -> s.contains("pattern=\"all-to-one-read\"") && s.contains("copy=\"kernel\"")
                && s.contains("device=\"1\"") && s.contains("count=\"1\"")), text);
        assertFalse(samples.stream().anyMatch(s -> s.contains("pattern=\"concurrent\"")));
    }
}
