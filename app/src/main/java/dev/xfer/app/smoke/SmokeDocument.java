package dev.xfer.app.smoke;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.bandwidth.BandwidthRow;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.output.ContextDocument;
import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.output.ExpectationRow;
import dev.xfer.app.output.FieldChecks;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.Stopped;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * The JSON document of {@code xfer smoke --json}: the several-device shape of the measuring
 * commands ({@code devices}, each with {@code context} and {@code results}), so fleet and compare
 * read it like any other. Each device's {@code results} hold the bandwidth results as bandwidth
 * writes them, then overlap's and check's, each tagged with its {@code command}.
 */
public final class SmokeDocument {
    private SmokeDocument() {
    }

    /**
     * A smoke document bound back into these records: a device's untagged rows are bandwidth's,
     * its tagged ones overlap's and check's.
     *
     * @throws dev.xfer.app.format.BindingException naming the field that does not bind
     * @throws IllegalArgumentException when {@code text} is not JSON
     */
    public static Written read(String text) {
        return (Written) new RecordBinder()
                .choosing(Device.class, "results", f -> f.has("command") ? TaggedRow.class : BandwidthRow.class)
                // Inline, a tagged row is told by its own keys: its "command" is TaggedRow's.
                .choosing(TaggedRow.class, "row", f -> f.has("schedule") ? OverlapDocument.ScheduleRow.class
                        : f.has("scenario") ? CheckDocument.ScenarioRow.class : null)
                .read(text, f -> f.has("unusable") ? Unusable.class : f.has("runs") ? Repeated.class : Run.class);
    }

    /**
     * The GPU results of a smoke document, as the gates read them: each device's, numbered by
     * repetition for --runs N; a node without a usable GPU is one stand-in without results.
     *
     * @throws dev.xfer.app.format.BindingException naming a field beyond what its type says (a figure beyond belief)
     */
    public static List<dev.xfer.app.result.GpuResults> results(java.nio.file.Path file, Written document) {
        return switch (document) {
            case Unusable u -> List.of(DocumentResults.unusable(file, u.command(), u.host(), u.label(), u.started(),
                    u.unusable()));
            case Run run -> results(file, "", run);
            case Repeated repeated -> {
                List<List<dev.xfer.app.result.GpuResults>> runs = new ArrayList<>();
                for (int i = 0; i < repeated.runs().size(); i++) {
                    Run run = repeated.runs().get(i);
                    DocumentResults.sameAsTop("runs[" + i + "]", repeated.schemaVersion(), repeated.command(),
                            run.schemaVersion(), run.command());
                    runs.add(results(file, "runs[" + i + "].", run));
                }
                yield DocumentResults.repetitions(repeated.command(), runs);
            }
        };
    }

    private static List<dev.xfer.app.result.GpuResults> results(java.nio.file.Path file, String prefix, Run run) {
        return DocumentResults.devices(file, prefix, run.command(), run.devices(), dev.xfer.app.output.NoParameters.NONE,
                dev.xfer.app.output.NoParameters.NONE);
    }

    /** What {@code xfer smoke --json} writes: a run, a run with --runs N, or a node without a usable GPU. */
    public sealed interface Written permits Run, Repeated, Unusable {
    }

    /**
     * One device's part: where it ran, its results, each check's outcome, the expectations', whether
     * it passed, where its wall time went (absent in documents from before smoke recorded it), and
     * the GPU's disturbances once its evidence is judged.
     */
    public record Device(ContextDocument context, List<Row> results, List<Check> checks,
                         List<ExpectationRow> expectations, boolean passed, Optional<SmokeTimes.Seconds> seconds,
                         Optional<List<dev.xfer.app.result.Disturbance>> disturbances)
            implements dev.xfer.app.output.MeasuredPart {
        public Device {
            results = List.copyOf(results);
            checks = List.copyOf(checks);
            expectations = List.copyOf(expectations);
        }

        /**
         * This device with its evidence: {@code evidence} in its context and its {@code disturbances}
         * on the device's entry, as every measuring document carries them.
         */
        public Device withEvidence(GpuEvidence evidence) {
            return new Device(context.withEvidence(evidence.toJson()), results, checks, expectations, passed, seconds,
                    Optional.of(evidence.disturbances()));
        }
    }

    /** One configuration's check under a device's {@code checks}. */
    public record Check(String name, boolean passed, String summary, @JsonInclude(ALWAYS) Optional<String> failure) {
    }

    /** A row of overlap's or check's results, tagged with its command ahead of its own fields. */
    public record TaggedRow(String command, @JsonUnwrapped Row row) implements Row {
        /** The row's own results, of the measurement its command names (smoke's {@code check} rows are part check). */
        @Override
        public List<Result> results(RowScope scope) {
            FieldChecks.word(scope.path() + ".command", command);
            return row.results(scope.asPart(command));
        }

        /** The row's own, of the command it came from. */
        @Override
        public MeasuringDocument.Row status() {
            return row.status().withCommand(command);
        }
    }

    /** The whole run's wall times: from the command's start, and from the process's when the OS says. */
    public record RunSeconds(double run, @JsonInclude(ALWAYS) OptionalDouble sinceProcessStart) {
    }

    /** {@code parameters} of a run with --runs N. */
    public record Runs(int runs) implements Parameters {
        /** None: how many runs were planned is no row's identity. */
        @Override
        public void identity(IdentityFields into) {
        }
    }

    /**
     * The whole run's document; {@code profile}, {@code devicesAtOnce} and {@code seconds} are absent
     * in the shape from before the quick profile. smoke never writes {@code complete} or
     * {@code stopped} on it; a document that has them is read by them as every other shape is
     * ({@code complete: false} is NO RESULT), and they are bound strictly ({@code "false"} is exit 2).
     */
    public record Run(int schemaVersion, String command, Optional<String> profile, Optional<String> devicesAtOnce,
                      List<Device> devices, boolean passed, Optional<RunSeconds> seconds, Optional<Boolean> complete,
                      Optional<Stopped> stopped) implements Written {
        public Run {
            devices = List.copyOf(devices);
        }
    }

    /**
     * The document of a smoke run with --runs N. xfer always writes {@code profile},
     * {@code devicesAtOnce}, {@code passed} and {@code seconds}; the schema's repetitions shape
     * requires only the parameters and the runs, and so does this record when it binds one.
     */
    public record Repeated(int schemaVersion, String command, Optional<String> profile, Optional<String> devicesAtOnce,
                           Runs parameters, List<Run> runs, Optional<Boolean> passed, Optional<RunSeconds> seconds,
                           Optional<Boolean> complete,
                           Optional<Stopped> stopped) implements Written {
        public Repeated {
            runs = List.copyOf(runs);
        }
    }

    /** What a node without a usable GPU writes: who it is and why, so a fleet run fails it by name. */
    public record Unusable(int schemaVersion, String command, String xfer, String started, String host,
                           @JsonInclude(ALWAYS) Optional<String> label, String unusable, List<Device> devices,
                           boolean passed, Optional<Boolean> complete) implements Written {
    }

    /** One device's part, with where its wall time went. */
    public static Device device(RunContext context, BandwidthResults bandwidth, OverlapResults overlap,
                                CheckResults check, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                boolean passed, SmokeTimes seconds) {
        return device(context, bandwidth, overlap, check, runs, outcomes, passed, Optional.of(seconds.written()));
    }

    /** One device's part, untimed (documents from before smoke recorded its times have this shape). */
    public static Device device(RunContext context, BandwidthResults bandwidth, OverlapResults overlap,
                                CheckResults check, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                boolean passed) {
        return device(context, bandwidth, overlap, check, runs, outcomes, passed, Optional.empty());
    }

    private static Device device(RunContext context, BandwidthResults bandwidth, OverlapResults overlap,
                                 CheckResults check, List<RunResults> runs, List<ExpectationOutcome> outcomes,
                                 boolean passed, Optional<SmokeTimes.Seconds> seconds) {
        List<Row> results = new ArrayList<>(BandwidthRow.rows(bandwidth.results()));
        results.addAll(tagged("overlap", OverlapDocument.rows(overlap)));
        results.addAll(tagged("check", CheckDocument.rows(check)));
        List<Check> checks = new ArrayList<>();
        for (RunResults run : runs) {
            for (MeasuredConfiguration c : run.configurations()) {
                checks.add(new Check(c.name(), c.passed(), c.summary(), c.failure()));
            }
        }
        return new Device(context.document(), results, checks, ExpectationRow.of(outcomes), passed, seconds,
                Optional.empty());
    }

    private static List<Row> tagged(String command, List<? extends Row> results) {
        return results.stream().<Row>map(r -> new TaggedRow(command, r)).toList();
    }

    /** The whole run's document, without how it ran (the shape from before the quick profile). */
    public static Run of(List<Device> devices, boolean passed) {
        return new Run(DocumentSchema.VERSION, "smoke", Optional.empty(), Optional.empty(), devices, passed,
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The whole run's document.
     *
     * @param run how it ran: the profile, whether the GPUs were measured one at a time, and its wall times
     */
    public static Run of(List<Device> devices, boolean passed, SmokeRun run) {
        return new Run(DocumentSchema.VERSION, "smoke", Optional.of(run.profile()), Optional.of(atOnce(run)),
                devices, passed, Optional.of(seconds(run)), Optional.empty(), Optional.empty());
    }

    private static String atOnce(SmokeRun run) {
        return run.concurrent() ? "concurrent" : "sequential";
    }

    private static RunSeconds seconds(SmokeRun run) {
        return new RunSeconds(run.runSeconds(), run.processSeconds());
    }

    /**
     * The document of a smoke run with {@code --runs N}: how it ran, {@code parameters.runs}, and
     * {@code runs}, each repetition's document exactly as a run without --runs writes it
     * ({@link #of(List, boolean, SmokeRun)}); {@code passed} only when every repetition passed.
     *
     * @param stopped what stopped the run between two repetitions; empty when every repetition ran
     */
    public static Repeated repetitions(List<Run> runs, int planned, boolean passed, SmokeRun run,
                                       Optional<Stopped> stopped) {
        return new Repeated(DocumentSchema.VERSION, "smoke", Optional.of(run.profile()), Optional.of(atOnce(run)),
                new Runs(planned), runs, Optional.of(passed), Optional.of(seconds(run)), Stopped.complete(stopped), stopped);
    }

    /**
     * How a smoke run ran.
     *
     * @param runSeconds     from the command's start to its document
     * @param processSeconds from the process's start (the JVM's start included), when the OS says when that was
     */
    public record SmokeRun(String profile, boolean concurrent, double runSeconds, OptionalDouble processSeconds) {
    }

    /** What a node without a usable GPU writes: who it is and why, so a fleet run fails it by name. */
    public static Unusable unusable(String xferVersion, String host, Optional<String> label, Instant started,
                                    String why) {
        return new Unusable(DocumentSchema.VERSION, "smoke", xferVersion, started.toString(), host, label, why,
                List.of(), false, Optional.empty());
    }
}
