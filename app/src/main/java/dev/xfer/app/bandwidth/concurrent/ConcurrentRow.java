package dev.xfer.app.bandwidth.concurrent;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.output.AcrossRow;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.RunNames;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * The GPUs copying at once ({@code --concurrent}) as an entry of a several-device document's
 * {@code concurrent} array, one per size and direction: each GPU's share ({@code gpus}),
 * {@code aggregateGbps} (summary of the per-iteration aggregate rates), {@code aloneGbpsSum} (or
 * null when a GPU's alone figure is missing) and {@code verified}.
 */
public record ConcurrentRow(String memory, String direction, long bytes, List<Gpu> gpus, Summary aggregateGbps,
                            @JsonInclude(ALWAYS) OptionalDouble aloneGbpsSum, boolean verified) implements AcrossRow {

    public ConcurrentRow {
        dev.xfer.app.output.Row.oneOf("memory", memory, dev.xfer.app.bandwidth.BandwidthRow.MEMORY);
        dev.xfer.app.output.Row.oneOf("direction", direction, dev.xfer.app.bandwidth.BandwidthRow.DIRECTIONS);
        dev.xfer.app.output.Row.size(bytes);
        gpus = List.copyOf(gpus);
    }

    /** One GPU's part: its rate and time, its share of its link (or null), and whether its data matched. */
    public record Gpu(int device, Summary gbps, Summary microseconds,
                      @JsonInclude(ALWAYS) OptionalDouble percentOfLink, boolean verified) {
        static Gpu of(ConcurrentResult.GpuShare g) {
            return new Gpu(g.device(), g.gigabytesPerSecond().measured().orElseThrow(),
                    g.microseconds().measured().orElseThrow(),
                    g.percentOfLink(), g.verified());
        }

        /** Its rate and time, after what names it ({@code named}), checked by its own data. */
        RowFigures figures(RowFigures named) {
            return named.verified(verified).rate(GBPS, gbps).figure("microseconds", microseconds);
        }
    }

    /**
     * Each GPU's share, its GPU's, with the run's memory, direction and size and pattern
     * concurrent; then the aggregate, which belongs to no one GPU: it is kept with the first, told
     * apart by its measured field.
     */
    @Override
    public List<Owned> results(RowScope scope) {
        List<Owned> out = new ArrayList<>();
        for (int g = 0; g < gpus.size(); g++) {
            Gpu share = gpus.get(g);
            RowScope at = share(scope, g, share.device());
            out.add(Owned.of(at.path() + ".device", share.device(),
                    share.figures(copy(at, memory, direction, bytes)).results()));
        }
        out.add(Owned.first(aggregate(scope, memory, direction, bytes, aggregateGbps, verified).results()));
        return out;
    }

    /**
     * The configurations of {@code results} as a run hands them on while it measures: per GPU,
     * its share as its row says it ({@link Gpu}), with its link's rate where known and its check in
     * the run's words ({@code data came back wrong on device 1}), or, where its timer gave no
     * time, named as it would be and unmeasured with why; then the aggregate of the row, which
     * spans the links.
     *
     * @param scope    where the rows stand: the plan's identity fields beside them
     * @param linkGBps each GPU's link rate, by position in each result's {@code gpus}
     */
    public static RunResults runResults(RowScope scope, List<ConcurrentResult> results, List<OptionalDouble> linkGBps) {
        RunNames names = ResultNames.run(true, true);
        List<RunResult> out = new ArrayList<>();
        for (ConcurrentResult c : results) {
            for (int g = 0; g < c.gpus().size(); g++) {
                ConcurrentResult.GpuShare share = c.gpus().get(g);
                RowFigures named = copy(share(scope, g, share.device()), c.memory(), c.direction(), c.bytes());
                RowFigures figures = share.gigabytesPerSecond().whyNot().map(why -> named.unmeasured(GBPS, why))
                        .orElseGet(() -> Gpu.of(share).figures(named).checked(share.verified() ? CheckOutcome.PASSED
                                : CheckOutcome.failed("data came back wrong on device " + share.device())));
                out.addAll(RunResult.of(figures, names, g < linkGBps.size() ? linkGBps.get(g) : OptionalDouble.empty()));
            }
            out.addAll(RunResult.of(aggregate(scope, c.memory(), c.direction(), c.bytes(), c.aggregateGbps(),
                    c.verified()).checked(c.verified() ? CheckOutcome.PASSED
                    : CheckOutcome.failed("data came back wrong on at least one GPU")), names, OptionalDouble.empty()));
        }
        return RunResults.of("bandwidth-concurrent", out);
    }

    /** The field of a GPU's rate while all copied. */
    private static final String GBPS = "gbps";

    /** Where the share of the {@code g}th GPU ({@code device}) stands in its row: its GPU's, in pattern concurrent. */
    private static RowScope share(RowScope scope, int g, int device) {
        return scope.at(scope.path() + ".gpus[" + g + "]").given(Map.of(IdentityField.PATTERN, "concurrent",
                IdentityField.GPU, (long) device));
    }

    /** All GPUs' bytes together, checked by every GPU's data; of no one GPU's share. */
    private static RowFigures aggregate(RowScope scope, String memory, String direction, long bytes,
                                        Summary aggregateGbps, boolean verified) {
        return copy(scope.given(Map.of(IdentityField.PATTERN, "concurrent")), memory, direction, bytes)
                .verified(verified).rate("aggregateGbps", aggregateGbps);
    }

    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(true).named(memory).named(direction).sized(bytes).verified(verified).row();
    }

    /** What every GPU copied at once: the run's memory, direction and size. */
    private static RowFigures copy(RowScope scope, String memory, String direction, long bytes) {
        return scope.figures().word(IdentityField.MEMORY, "memory", memory)
                .word(IdentityField.DIRECTION, "direction", direction).count(IdentityField.BYTES, "bytes", bytes);
    }

    public static ConcurrentRow of(ConcurrentResult c) {
        return new ConcurrentRow(c.memory(), c.direction(), c.bytes(), c.gpus().stream().map(Gpu::of).toList(),
                c.aggregateGbps(), c.aloneGbpsSum(), c.verified());
    }

    /**
     * Each of {@code results} whose GPUs all have a figure, in order; one with a GPU whose timer
     * gave no time has none, but a {@code failures} entry for that GPU ({@link #failures}).
     */
    public static List<ConcurrentRow> rows(List<ConcurrentResult> results) {
        return results.stream().filter(ConcurrentResult::measured).map(ConcurrentRow::of).toList();
    }

    /** A {@code failures} entry for each GPU's share whose timer gave no time. */
    public static List<FailureRow> failures(List<ConcurrentResult> results) {
        return results.stream().flatMap(c -> c.unmeasured().stream())
                .map(u -> FailureRow.unmeasured(u.configuration(), OptionalInt.empty(), u.reason())).toList();
    }
}
