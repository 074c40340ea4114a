package dev.xfer.app.output;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.result.BaseUnit;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;
import dev.xfer.app.result.RunNames;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One {@link Result} as a run hands it to {@code --expect} and {@code --junit}, made only from a
 * row's figures ({@link #of}, {@link #figures}), the same records its document holds. The
 * {@link Metric} that expectations read and the {@link MeasuredConfiguration} that JUnit reports
 * are derived here, and only here, from the record: the value and summary from the figures it was
 * made from ({@link Measured}), the unit from its quantity, the failure from its check outcome.
 *
 * @param name          the name {@code --expect} selects it by ({@code pinned.h2d.16MiB}), which each
 *                      command's {@link RunNames} derive from the identity: users' scripts know today's names, so the
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
     * Expectations and JUnit read those exactly: the record's base-unit summary converted back
     * can be an ulp off (x * 1e9 / 1e9 is not always x), and a figure must read the same in
     * {@code --expect}'s outcome as in the document.
     */
    public record Measured(Result result, Summarized shown) {
        public Measured {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(shown, "shown");
        }
    }

    public RunResult {
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(linkGBps, "linkGBps");
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(name, "name");
    }

    /**
     * A row's results as a run hands them on while it measures ({@link RowFigures#measured}): each
     * that has a name users select it by ({@link RunNames#name}), the first standing for the row's
     * configuration ({@link RunNames#configuration}), any later one a further figure of it. A rate
     * carries {@code linkGBps}, the link the row's copy crossed (empty for one that crossed none).
     */
    public static List<RunResult> of(RowFigures row, RunNames names, OptionalDouble linkGBps) {
        List<RunResult> out = new ArrayList<>();
        for (Measured m : row.measured()) {
            Identity identity = m.result().identity();
            names.name(identity).ifPresent(name -> out.add(out.isEmpty()
                    ? new RunResult(name, m, m.result().quantity().unit() == BaseUnit.BYTES_PER_SECOND ? linkGBps
                            : OptionalDouble.empty(), Optional.of(names.configuration(identity)))
                    : figure(name, m)));
        }
        return out;
    }

    /**
     * A row's results as a run hands them on while it measures, as {@link #of} but standing for no
     * configuration: each one a further figure, for {@code --expect} only (a strategy this machine
     * cannot run, which JUnit skips with why).
     */
    public static List<RunResult> figures(RowFigures row, RunNames names) {
        List<RunResult> out = new ArrayList<>();
        for (Measured m : row.measured()) {
            names.name(m.result().identity()).ifPresent(name -> out.add(figure(name, m)));
        }
        return out;
    }

    /** A further figure of a configuration, for {@code --expect} only. */
    private static RunResult figure(String name, Measured result) {
        return new RunResult(name, result, OptionalDouble.empty(), Optional.empty());
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
        // Expectations read a configuration that gave no value as NaN, which fails every bound.
        return new Metric(name, measured.shown().measured().map(Summary::median).orElse(Double.NaN),
                unit(result().quantity()), linkGBps);
    }

    /** What JUnit reports, when this result stands for its configuration. */
    public Optional<MeasuredConfiguration> measuredConfiguration() {
        Result result = result();
        return configuration.map(c -> new MeasuredConfiguration(c, summary(result, measured.shown()),
                result.check().failed() ? Optional.of(result.check().why().orElse("check failed")) : Optional.empty(),
                timed(result)));
    }

    /**
     * How long a result's timed samples took, from its own figures: for a time, the sum of the
     * samples (mean times count); for a bandwidth of a known size, count times size over the
     * median rate (the rates' own mean is not the rate of the mean time). Warm-up and the data
     * check are not in it. Zero for a figure that is neither, or gave no value.
     */
    static Duration timed(Result result) {
        Optional<Summary> figures = result.measured();
        if (figures.isEmpty()) {
            return Duration.ZERO;
        }
        Summary s = figures.get();
        double seconds = switch (result.quantity().unit()) {
            case SECONDS -> s.mean() * s.n();
            case BYTES_PER_SECOND -> result.identity().bytes().isPresent() && s.median() > 0
                    ? s.n() * (double) result.identity().bytes().getAsLong() / s.median() : 0;
            default -> 0;
        };
        return Double.isFinite(seconds) && seconds > 0 && seconds < 1e9
                ? Duration.ofNanos(Math.round(seconds * 1e9)) : Duration.ZERO;
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
    static String summary(Result result, Summarized figures) {
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
        String line;
        if (!(figures instanceof Summary s)) {
            line = "not measured";
        } else if (result.quantity().unit() == BaseUnit.COUNT && s.min() == s.max()) {
            // A count reads as one: "4 wrong trials".
            line = bytes + Math.round(s.median()) + " " + words(result.identity().measured());
        } else if (s.n() <= 1 && s.min() == s.max()) {
            line = bytes + what + Decimals.fixed(s.median(), decimals) + unit;
        } else {
            line = String.format(Locale.ROOT, "%s%smedian %s%s (min %s, max %s) over %d iterations", bytes, what,
                    Decimals.fixed(s.median(), decimals), unit, Decimals.fixed(s.min(), decimals),
                    Decimals.fixed(s.max(), decimals), s.n());
        }
        return result.check().failed() ? line : line + result.check().why().map(w -> "; " + w).orElse("");
    }
}
