package dev.xfer.app.bandwidth.concurrent;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.output.AcrossRow;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
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
            RowScope at = scope.at(scope.path() + ".gpus[" + g + "]").given(Map.of(IdentityField.PATTERN, "concurrent",
                    IdentityField.GPU, (long) share.device()));
            out.add(Owned.of(at.path() + ".device", share.device(), copy(at).verified(share.verified())
                    .rate("gbps", share.gbps()).figure("microseconds", share.microseconds()).results()));
        }
        out.add(Owned.first(copy(scope.given(Map.of(IdentityField.PATTERN, "concurrent"))).verified(verified)
                .rate("aggregateGbps", aggregateGbps).results()));
        return out;
    }

    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(true).named(memory).named(direction).sized(bytes).verified(verified).row();
    }

    /** What every GPU copied at once: the run's memory, direction and size. */
    private RowFigures copy(RowScope scope) {
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
