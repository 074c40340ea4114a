package dev.xfer.app.verdict;

import dev.xfer.app.fleet.DocumentSet;
import dev.xfer.app.fleet.GpuRun;
import dev.xfer.app.fleet.Measurement;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped noise floors are what the committed runs give: {@code src/test/resources/noise/<machine>-<date>/}
 * holds back-to-back runs in separate processes on one quiet GPU, as the lead measured them, and
 * this test recomputes {@code noise-floors.tsv} and the table in docs/verdicts.md from them. Add a
 * folder of new runs and rewrite both with {@code -Dxfer.updateNoiseFloors=true}, then review the diff.
 */
class NoiseFloorTableTest {
    static final Path NOISE = Path.of("src/test/resources/noise");
    private static final Path TABLE = Path.of("src/main/resources/dev/xfer/app/verdict", NoiseFloors.RESOURCE);
    private static final Path DOCS = Path.of("../docs/verdicts.md");
    private static final String BEGIN = "<!-- noise-floors: written by NoiseFloorTableTest -->\n";
    private static final String END = "<!-- end of noise-floors -->\n";

    /** Every run of every committed machine folder, by folder, read as fleet and compare read them. */
    static BetweenRunSpread measured() throws IOException {
        BetweenRunSpread spread = new BetweenRunSpread();
        for (Path folder : folders()) {
            List<DocumentSet.Judged> runs = new ArrayList<>();
            new DocumentSet().each(List.of(folder), false, line -> { }, runs::add);
            for (DocumentSet.Judged j : runs) {
                assertEquals(DocumentStatus.State.PASS, j.status().state(), j.run().file() + ": " + j.status().reasons());
                GpuRun run = j.run();
                for (Measurement m : run.measurements()) {
                    spread.add(run.name(), folder.getFileName() + " " + run.command() + " " + run.gpuKey(), m.name(), m.kind(), m.median());
                }
            }
        }
        return spread;
    }

    static List<Path> folders() throws IOException {
        try (Stream<Path> list = Files.list(NOISE)) {
            return list.filter(Files::isDirectory).sorted().toList();
        }
    }

    @Test
    void theShippedFloorsAreWhatTheCommittedRunsGive() throws IOException {
        BetweenRunSpread spread = measured();
        String tsv = spread.floors().format("# model\tkind\tfloor: the largest max/min - 1 between runs of a result of the kind, "
                + "times " + BetweenRunSpread.HEADROOM + ", rounded up to 0.5% (NoiseFloorTableTest)\n");
        String docs = Files.readString(DOCS);
        assertTrue(docs.contains(BEGIN) && docs.contains(END), "docs/verdicts.md has no noise-floors markers");
        String rewritten = docs.substring(0, docs.indexOf(BEGIN) + BEGIN.length()) + markdown(spread) + docs.substring(docs.indexOf(END));
        if (Boolean.getBoolean("xfer.updateNoiseFloors")) {
            Files.writeString(TABLE, tsv, StandardCharsets.UTF_8);
            Files.writeString(DOCS, rewritten, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(tsv, Files.readString(TABLE), "noise-floors.tsv is not what the committed runs give: rewrite with -Dxfer.updateNoiseFloors=true");
        assertEquals(rewritten, docs, "the table in docs/verdicts.md is not what the committed runs give: rewrite with -Dxfer.updateNoiseFloors=true");
        assertEquals(NoiseFloors.parse(tsv).byModel(), NoiseFloors.shipped().byModel());
    }

    @Test
    void pinnedAndPageableAreMeasuredOnEveryMachine() throws IOException {
        NoiseFloors floors = measured().floors();
        assertFalse(floors.byModel().isEmpty());
        for (Map<NoiseKind, Double> kinds : floors.byModel().values()) {
            // On one allocation or as the best of k (the H100's runs are all smoke's best of 3).
            assertTrue(kinds.containsKey(NoiseKind.PINNED_COPY) || kinds.containsKey(NoiseKind.PINNED_COPY_BEST_OF_K), kinds.toString());
            assertTrue(kinds.containsKey(NoiseKind.PAGEABLE_COPY), kinds.toString());
        }
    }

    private static String markdown(BetweenRunSpread spread) {
        StringBuilder out = new StringBuilder("| model | kind of result | floor | widest result | runs | min | max | from |\n"
                + "| --- | --- | ---: | --- | ---: | ---: | ---: | --- |\n");
        Map<String, Map<NoiseKind, Double>> floors = spread.floors().byModel();
        spread.widest().forEach((model, kinds) -> kinds.forEach((kind, r) -> {
            double min = r.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double max = r.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            out.append(String.format(Locale.ROOT, "| %s | %s | %.1f%% | `%s` | %d | %.4g | %.4g | %s |%n", model, kind.text(),
                    floors.get(model).get(kind) * 100, r.name(), r.values().size(), min, max, r.gpu().split(" ")[0] + " " + r.gpu().split(" ")[1]));
        }));
        return out.toString();
    }
}
