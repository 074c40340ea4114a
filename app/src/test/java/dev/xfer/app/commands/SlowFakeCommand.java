package dev.xfer.app.commands;

import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.Main;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.measure.Tally;
import dev.xfer.app.format.Csv;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * A measuring command with a slow fake benchmark and no CUDA, driven through the real plumbing
 * ({@link MeasuringMixin}: progress, streaming, stop requests, finish, files) in a real JVM:
 * {@link #main} is xfer's own {@link Main#launch} with this command added, so signals, the time
 * limit and exit codes are the real ones. Test classpath only.
 */
@Command(name = "slowfake", description = "Test only: measures nothing, slowly.")
public final class SlowFakeCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    /** --timeout after the command name, as on every measuring command. */
    @Mixin
    private CudaMixin cudaOptions;

    @Option(names = "--configurations")
    private int configurations = 10;

    @Option(names = "--step-ms", description = "How long one configuration takes, in five iterations.")
    private long stepMillis = 200;

    @Option(names = "--stuck-at", description = "This configuration hangs 60 s with no safe point, like a CUDA call that does not return.")
    private int stuckAt = -1;

    @Option(names = "--slow-run", description = "With --runs: this repetition measures 10 GB/s less in every configuration.")
    private int slowRun = -1;

    @Option(names = "--fail-run", description = "With --runs: this repetition fails outright, as a CUDA error would.")
    private int failRun = -1;

    /** The repetition being measured (--runs), 1 and up. */
    private int repetition;

    public static void main(String[] args) {
        Main.launch(args, commandLine -> commandLine.addSubcommand(new SlowFakeCommand()));
    }

    /** One fake configuration's result. */
    record FakeResult(int index, double gbps) {
        String name() {
            return "fake.c" + index;
        }
    }

    @Override
    public Integer call() {
        return measuring.repeated(this::once);
    }

    /** One repetition: the whole fake measurement, ending in the shared finish. */
    private dev.xfer.app.run.FinishedRun once() {
        repetition++;
        if (repetition == failRun) {
            throw new IllegalStateException("fake failure in run " + repetition);
        }
        measuring.format();
        List<MetricDeclaration> names = new ArrayList<>();
        for (int i = 0; i < configurations; i++) {
            names.add(MetricDeclaration.of("fake.c" + i, MetricUnit.GBPS));
        }
        measuring.validateNames(measuring.expectations(), names);
        ValidatedExpectations validated = measuring.validate(measuring.expectations(), names);
        RunContext context = ResultsFixtures.context();
        Instant started = Instant.now();
        Progress progress = measuring.progress();
        LiveRun live = measuring.live();
        Tally<FakeResult> kept = new Tally<>(live::kept);
        live.streamFrom(() -> rendering(context, kept.all()));
        try {
            measure(progress, kept);
        } catch (RunStopped stopped) {
            // What was kept before the stop is the result, as a real command's.
        }
        List<FakeResult> results = kept.all();
        measuring.progressDone();
        List<Metric> metrics = results.stream().map(r -> Metric.of(r.name(), r.gbps(), MetricUnit.GBPS)).toList();
        List<MeasuredConfiguration> configured = results.stream()
                .map(r -> new MeasuredConfiguration(r.name(), r.gbps() + " GB/s", Optional.empty())).toList();
        return measuring.run().finish(context, new RunResults("slowfake", metrics, configured), validated,
                rendering(context, results), started);
    }

    /** The fake benchmark: it reports as a real one does and never prints. */
    private void measure(Progress progress, Tally<FakeResult> kept) {
        for (int i = 0; i < configurations; i++) {
            progress.measuring(i, configurations, "fake configuration " + i);
            for (int iteration = 0; iteration < 5; iteration++) {
                progress.checkpoint();
                sleep(i == stuckAt ? 60_000 : stepMillis / 5);
            }
            kept.add(new FakeResult(i, 50.0 + i - (repetition == slowRun ? 10 : 0)));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Rendering rendering(RunContext context, List<FakeResult> results) {
        return new Rendering(
                () -> {
                    StringBuilder s = new StringBuilder("configuration  GB/s\n");
                    results.forEach(r -> s.append(String.format(Locale.ROOT, "%-13s  %.1f%n", r.name(), r.gbps())));
                    return s.toString();
                },
                () -> {
                    Csv csv = Csv.withHeader("configuration", "gbps");
                    results.forEach(r -> csv.addRow(r.name(), Double.toString(r.gbps())));
                    return csv.render();
                },
                () -> {
                    List<Object> rows = new ArrayList<>();
                    results.forEach(r -> rows.add(JsonMaps.object("name", r.name(), "gbps", r.gbps())));
                    return dev.xfer.app.run.Documents.document("slowfake", context,
                            JsonMaps.object("configurations", configurations), rows, List.of());
                });
    }
}
