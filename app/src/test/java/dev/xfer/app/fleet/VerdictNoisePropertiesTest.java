package dev.xfer.app.fleet;

import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.NoiseFloors;
import dev.xfer.app.verdict.NoiseKind;
import dev.xfer.app.verdict.RunFacts;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * compare's verdicts against noise drawn from the measured between-run spreads: the runs under
 * {@code src/test/resources/noise/} (nine or ten separate processes per result on one quiet H200 or
 * H100; a series whose runs report the best of k host allocations stays best-of-k). Each
 * property is tried with 10 seeds, and each try simulates 1000 comparisons, at the documented
 * settings: {@code --fail-on-regression 5%}, the shipped noise floors, one run a side or five.
 *
 * <p>Two ways to draw a run's value: resampled from the measured runs of that result (what was
 * seen), and from a log-normal fitted to them (what was not seen but is as spread out), so a floor
 * that merely covers the ten values it was computed from would fail the second.
 */
class VerdictNoisePropertiesTest {
    private static final double MARGIN = 0.05;
    private static final int PAIRS = 1000;
    private static final List<Series> SERIES = series();

    /** One result of one GPU: a real run's measurement (name, labels, unit) and every run's median. */
    private record Series(Measurement template, String model, double[] values) {
        DoubleSupplier resampled(Random random) {
            return () -> values[random.nextInt(values.length)];
        }

        DoubleSupplier logNormal(Random random) {
            double mean = 0;
            for (double v : values) {
                mean += Math.log(v);
            }
            mean /= values.length;
            double variance = 0;
            for (double v : values) {
                variance += (Math.log(v) - mean) * (Math.log(v) - mean);
            }
            double sigma = Math.sqrt(variance / (values.length - 1));
            double mu = mean;
            return () -> Math.exp(mu + sigma * random.nextGaussian());
        }
    }

    private static List<Series> series() {
        try (Stream<Path> folders = java.nio.file.Files.list(Path.of("src/test/resources/noise"))) {
            Map<String, List<Measurement>> byKey = new LinkedHashMap<>();
            Map<String, String> models = new LinkedHashMap<>();
            for (Path folder : folders.filter(java.nio.file.Files::isDirectory).sorted().toList()) {
                new DocumentSet().each(List.of(folder), false, line -> { }, j -> {
                    for (Measurement m : j.run().measurements()) {
                        String key = folder + " " + j.run().command() + " " + j.run().gpuKey() + " " + m.name();
                        byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(m);
                        models.put(key, j.run().name());
                    }
                });
            }
            List<Series> out = new ArrayList<>();
            byKey.forEach((key, ms) -> out.add(new Series(ms.getFirst(), models.get(key),
                    ms.stream().mapToDouble(Measurement::median).toArray())));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static DocumentSet.Judged run(Series s, double value, int i) {
        Measurement t = s.template();
        // A best-of-k series stays best-of-k: judged on the floor of its kind, as its documents were.
        Measurement m = new Measurement(t.name(), t.unit(), t.higherIsBetter(), value, Double.NaN, 0, t.field(), t.labels(),
                Optional.empty(), t.allocations());
        GpuRun run = new GpuRun(Path.of("run-" + i + ".json"), "bandwidth", "sim", Optional.empty(), "", 0, s.model(),
                Optional.of("GPU-sim"), "0000:00:06.0", Optional.empty(), List.of(m), Optional.empty());
        return new DocumentSet.Judged(run, DocumentStatus.Status.FINE, RunFacts.unknown());
    }

    /** Whether compare fails the gate for these runs: a regression beyond noise and worse than 5%. */
    private static boolean fails(Series s, double[] before, double[] after) {
        List<DocumentSet.Judged> b = new ArrayList<>();
        List<DocumentSet.Judged> a = new ArrayList<>();
        for (int i = 0; i < before.length; i++) {
            b.add(run(s, before[i], i));
        }
        for (int i = 0; i < after.length; i++) {
            a.add(run(s, after[i], 100 + i));
        }
        return !new CompareAnalysis(NoiseFloors.shipped(), MARGIN, false).compare(b, a).passes(MARGIN);
    }

    private static double[] draw(DoubleSupplier source, int n, double factor) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = source.getAsDouble() * factor;
        }
        return out;
    }

    private static double falseAlarms(long seed, int runs, boolean logNormal) {
        Random random = new Random(seed);
        int alarms = 0;
        for (int i = 0; i < PAIRS; i++) {
            Series s = SERIES.get(random.nextInt(SERIES.size()));
            DoubleSupplier source = logNormal ? s.logNormal(random) : s.resampled(random);
            if (fails(s, draw(source, runs, 1), draw(source, runs, 1))) {
                alarms++;
            }
        }
        return alarms / (double) PAIRS;
    }

    @Property(tries = 10)
    void oneRunASideRaisesAtMostOneFalseAlarmInAHundred(@ForAll long seed) {
        double resampled = falseAlarms(seed, 1, false);
        double fitted = falseAlarms(seed, 1, true);
        System.out.println("one run a side, seed " + seed + ": false alarms resampled " + resampled + ", log-normal " + fitted);
        assertTrue(resampled <= 0.01 && fitted <= 0.01, "false alarms: resampled " + resampled + ", log-normal " + fitted);
    }

    @Property(tries = 10)
    void fiveRunsASideRaiseAtMostOneFalseAlarmInAHundred(@ForAll long seed) {
        double resampled = falseAlarms(seed, 5, false);
        double fitted = falseAlarms(seed, 5, true);
        System.out.println("five runs a side, seed " + seed + ": false alarms resampled " + resampled + ", log-normal " + fitted);
        assertTrue(resampled <= 0.01 && fitted <= 0.01, "false alarms: resampled " + resampled + ", log-normal " + fitted);
    }

    /**
     * fleet over ten healthy runs of one GPU, each run's every result drawn from its measured runs
     * (resampled, or log-normal): at most 1 fleet in 100 flags anything, as the ten quiet
     * runs should have been judged.
     */
    @Property(tries = 10)
    void fleetOverTenHealthyRunsFlagsNothing(@ForAll long seed) {
        Random random = new Random(seed);
        List<Series> measured = SERIES.stream().filter(s -> s.values().length >= 10).toList();
        // One fleet is one model's GPUs: each fleet takes one model's series (the models in turn),
        // judged by that model's floors, as fleet groups GPUs by model.
        List<String> models = measured.stream().map(Series::model).distinct().sorted().toList();
        int flagged = 0;
        int fleets = 200;
        for (int f = 0; f < fleets; f++) {
            String model = models.get((f / 2) % models.size());
            List<Series> smoke = measured.stream().filter(s -> s.model().equals(model)).toList();
            boolean logNormal = f % 2 == 1;
            List<DoubleSupplier> sources = smoke.stream().map(s -> logNormal ? s.logNormal(random) : s.resampled(random)).toList();
            FleetMembers members = new FleetMembers();
            for (int i = 0; i < 10; i++) {
                List<Measurement> ms = new ArrayList<>();
                for (int k = 0; k < smoke.size(); k++) {
                    Measurement t = smoke.get(k).template();
                    ms.add(new Measurement(smoke.get(k).values().length + "." + k + "." + t.name(), t.unit(), t.higherIsBetter(),
                            sources.get(k).getAsDouble(), Double.NaN, 0, t.field(), t.labels(), Optional.empty(), t.allocations()));
                }
                members.add(new GpuRun(Path.of("run-" + i + ".json"), "smoke", "node-" + i, Optional.empty(), "", 0,
                        smoke.getFirst().model(), Optional.of("GPU-" + i), "0000:00:06.0", Optional.empty(), ms, Optional.empty()),
                        DocumentStatus.Status.FINE);
            }
            if (!new FleetAnalysis(FleetRule.standard(), NoiseFloors.shipped()).analyse(members).passed()) {
                flagged++;
            }
        }
        System.out.println("fleet of ten healthy runs, seed " + seed + ": " + flagged + " of " + fleets + " flagged");
        assertTrue(flagged <= fleets / 100, flagged + " of " + fleets + " healthy fleets flagged");
    }

    /**
     * A pinned copy 10% slower (its time 11% longer) is found in at least 99 of 100 pairs: with five
     * runs a side on every measured model, and with one run a side where the model's pinned floor
     * leaves room to tell 10% from noise (below 5%; the H200's is 2%). A model whose healthy runs
     * differ by 26% (the H100) cannot show a 10% drop in one run a side, and compare says
     * "too noisy to judge" there instead.
     */
    @Property(tries = 10)
    void aTenPercentDropInPinnedBandwidthIsFound(@ForAll long seed) {
        Random random = new Random(seed);
        // Pinned copies of one allocation and best of k alike, each against the floor of its own kind.
        List<Series> pinned = SERIES.stream().filter(s -> s.template().kind().single() == NoiseKind.PINNED_COPY).toList();
        assertTrue(!pinned.isEmpty());
        for (int runs : new int[] {1, 5}) {
            for (boolean logNormal : new boolean[] {false, true}) {
                int found = 0;
                NoiseFloors floors = NoiseFloors.shipped();
                List<Series> judged = runs >= 5 ? pinned : pinned.stream()
                        .filter(s -> floors.floor(s.model(), s.template().kind()).orElse(1) < 0.05).toList();
                if (judged.isEmpty()) {
                    continue;
                }
                for (int i = 0; i < PAIRS; i++) {
                    Series s = judged.get(random.nextInt(judged.size()));
                    DoubleSupplier source = logNormal ? s.logNormal(random) : s.resampled(random);
                    double slower = s.template().higherIsBetter() ? 0.9 : 1 / 0.9;
                    if (fails(s, draw(source, runs, 1), draw(source, runs, slower))) {
                        found++;
                    }
                }
                System.out.println("10% pinned drop, " + runs + " run(s) a side, " + (logNormal ? "log-normal" : "resampled")
                        + ": found in " + found + " of " + PAIRS);
                assertTrue(found >= 0.99 * PAIRS, found + " of " + PAIRS + " found, " + runs + " run(s) a side, "
                        + (logNormal ? "log-normal" : "resampled"));
            }
        }
    }
}
