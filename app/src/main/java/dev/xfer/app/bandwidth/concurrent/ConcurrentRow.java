package dev.xfer.app.bandwidth.concurrent;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.stats.Summary;

import java.util.List;
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
                            @JsonInclude(ALWAYS) OptionalDouble aloneGbpsSum, boolean verified) {

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
