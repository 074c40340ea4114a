package dev.xfer.app.output;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.result.BaseUnit;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;
import dev.xfer.app.result.Statistics;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One {@link Result} as a run hands it to {@code --expect} and {@code --junit}. The {@link Metric}
 * that expectations read and the {@link MeasuredConfiguration} that JUnit reports are derived
 * here, and only here, from the record: the value and summary from the figures it was made from
 * ({@link Measured}), the unit from its quantity, the failure from its check outcome.
 *
 * @param name          the name {@code --expect} selects it by ({@code pinned.h2d.16MiB}), which each
 *                      engine derives from the identity: users' scripts know today's names, so the
 *                      identity's own {@link dev.xfer.app.result.Identity#name()} (the fleet and
 *                      compare name, which spells out every field) is not used for it
 * @param linkGBps      the theoretical per-direction rate of the link the transfer crossed, for
 *                      {@code %link} bounds; only for bandwidths
 * @param configuration the JUnit test case name when this result stands for its measured
 *                      configuration (carries its check); empty for the configuration's other
 *                      figures (overlap's speedup, efficiency and error)
 */
public record RunResult(String name, Measured measured, OptionalDouble linkGBps, Optional<String> configuration) {

    /**
     * A record with the figures it was made from, in the unit the engine measured them in.
     * Expectations and JUnit read those exactly: the record's base-unit statistics converted back
     * can be an ulp off (x * 1e9 / 1e9 is not always x), and a figure must read the same in
     * {@code --expect}'s outcome as in the document.
     */
    public record Measured(Result result, Statistics shown) {
        public Measured {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(shown, "shown");
        }
    }

    /** The record of {@code identity}'s figures {@code shown} (in the document's unit) and its check. */
    public static Measured measured(Identity identity, Statistics shown, CheckOutcome check) {
        return new Measured(Result.shown(identity, shown, check), shown);
    }

    /**
     * The record of {@code identity}'s {@code figures} and its check; when the samples gave no
     * figure, a failed result with the reason and no value ({@link #NOT_MEASURED}), so nothing in
     * it can pass: the run fails (exit 1), and JUnit and {@code --expect} say why.
     */
    public static Measured measured(Identity identity, Summarized figures, CheckOutcome check) {
        return switch (figures) {
            case Summary s -> measured(identity, statistics(s), check);
            case Summarized.Unsummarizable no -> measured(identity, NOT_MEASURED, CheckOutcome.failed(no.reason()));
        };
    }

    /** The statistics of a configuration that gave no figure: no sample, no value. */
    public static final Statistics NOT_MEASURED = new Statistics(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, List.of());

    public RunResult {
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(linkGBps, "linkGBps");
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(name, "name");
    }

    /** A result that stands for its configuration under its own name (a bandwidth, a latency). */
    public static RunResult configuration(String name, Measured result, OptionalDouble linkGBps) {
        return new RunResult(name, result, linkGBps, Optional.of(name));
    }

    /** A result that stands for its configuration, which JUnit names {@code configuration}. */
    public static RunResult configuration(String name, Measured result, String configuration) {
        return new RunResult(name, result, OptionalDouble.empty(), Optional.of(configuration));
    }

    /** A further figure of a configuration, for {@code --expect} only. */
    public static RunResult figure(String name, Measured result) {
        return new RunResult(name, result, OptionalDouble.empty(), Optional.empty());
    }

    /** An engine's summary of samples as a result's statistics, in the same unit. */
    public static Statistics statistics(Summary summary) {
        return new Statistics(summary.n(), summary.median(), summary.min(), summary.max(), summary.mean(),
                summary.stddev(), List.of());
    }

    /** The same result named apart, e.g. with {@code .gpu1}; its JUnit name too. */
    public RunResult withNameSuffix(String suffix) {
        return new RunResult(name + suffix, measured, linkGBps, configuration.map(c -> c + suffix));
    }

    /** The record. */
    public Result result() {
        return measured.result();
    }

    /** What expectations read: the median in the unit the result is shown in. */
    public Metric metric() {
        return new Metric(name, measured.shown().median(), unit(result().quantity()), linkGBps);
    }

    /** What JUnit reports, when this result stands for its configuration. */
    public Optional<MeasuredConfiguration> measuredConfiguration() {
        Result result = result();
        return configuration.map(c -> new MeasuredConfiguration(c, summary(result, measured.shown()),
                result.check().failed() ? Optional.of(result.check().why().orElse("check failed")) : Optional.empty()));
    }

    /**
     * What a run will declare for a result before measuring it, so a misspelt {@code --expect}
     * name is refused before CUDA is touched.
     *
     * @param hasLink whether the result will carry a link rate ({@code %link} bounds)
     */
    public static MetricDeclaration declaration(String name, Quantity quantity, boolean hasLink) {
        return new MetricDeclaration(name, unit(quantity), hasLink);
    }

    /** The unit expectations compare a quantity in: the unit it is shown in. */
    static MetricUnit unit(Quantity quantity) {
        return switch (quantity.unit()) {
            case BYTES_PER_SECOND -> MetricUnit.GBPS;
            case SECONDS -> switch (quantity.displaySymbol()) {
                case "ms" -> MetricUnit.MILLISECONDS;
                case "ns" -> MetricUnit.NANOSECONDS;
                default -> throw new IllegalArgumentException("no expectation unit for times in "
                        + quantity.displaySymbol());
            };
            case RATIO -> MetricUnit.RATIO;
            case COUNT -> MetricUnit.COUNT;
            case NUMBER -> MetricUnit.NUMBER;
        };
    }

    /** {@code wrongTrials} as {@code wrong trials}. */
    private static String words(String field) {
        return field.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /**
     * The figures in one line, as the result holds them: {@code 16777216 bytes: median 52.61 GB/s
     * (min 52.10, max 52.90) over 20 iterations}; a count as {@code 4 wrong trials}; then what
     * a check that did not fail found ({@code ; max error 1.192093e-07}). A failed check's why is
     * the configuration's failure, not its summary.
     */
    static String summary(Result result, Statistics s) {
        String symbol = result.quantity().displaySymbol();
        int decimals = switch (symbol) {
            case "GB/s" -> 2;
            case "ms" -> 3;
            case "us", "ns" -> 1;
            default -> 3;
        };
        String unit = symbol.isEmpty() ? "" : " " + symbol;
        String bytes = result.identity().bytes().isPresent() ? result.identity().bytes().getAsLong() + " bytes: " : "";
        // The unit names a rate or a time; a plain number needs the field's name to say what it is.
        String what = symbol.isEmpty() ? result.identity().measured() + " " : "";
        String figures;
        if (Double.isNaN(s.median())) {
            figures = "not measured";
        } else if (result.quantity().unit() == BaseUnit.COUNT && s.min() == s.max()) {
            // A count reads as one: "4 wrong trials".
            figures = bytes + Math.round(s.median()) + " " + words(result.identity().measured());
        } else if (s.count() <= 1 && s.min() == s.max()) {
            figures = bytes + what + Decimals.fixed(s.median(), decimals) + unit;
        } else {
            figures = String.format(Locale.ROOT, "%s%smedian %s%s (min %s, max %s) over %d iterations", bytes, what,
                    Decimals.fixed(s.median(), decimals), unit, Decimals.fixed(s.min(), decimals),
                    Decimals.fixed(s.max(), decimals), s.count());
        }
        return result.check().failed() ? figures : figures + result.check().why().map(w -> "; " + w).orElse("");
    }
}
