package dev.xfer.app.output;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.NodeKind;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.HostAllocations;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Limits;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One row's {@link Result}s as the row's record says them: its identity fields, its own check
 * (whether its data came back right), and each figure it holds, one result each, named by the
 * field the document writes it under (the result's {@code measured}). A row's
 * {@link Row#results} tells them; {@link #results} checks what a field's type cannot say (a
 * figure below 0 or beyond {@link Limits#MAX_FIGURE} in its base unit, a count out of range, a word
 * that could be mistaken for a counted segment), each refusal naming the field's path.
 */
public final class RowFigures {
    private final RowScope scope;
    private final IdentityFields identity;
    private CheckOutcome check = CheckOutcome.NOT_CHECKED;
    private boolean verified;
    private Optional<HostAllocations> allocations = Optional.empty();
    private final List<Figure> figures = new ArrayList<>();
    private final List<Tally> tallies = new ArrayList<>();

    /**
     * A summarized figure under {@code key} (an {@link Summarized.Unsummarizable} for one the run
     * could not measure or derive), in its {@code role}.
     */
    private record Figure(String key, Summarized summary, Role role) {
    }

    /** What a figure is to its row, which says which check it carries and what it must hold. */
    private enum Role {
        /** A rate: above 0 where its data were checked; it carries the row's check. */
        RATE,
        /** Any other measured figure; it carries the row's check. */
        MEASURED,
        /** A figure derived from the row's measured ones: it carries no check of its own. */
        DERIVED
    }

    /** A count under {@code key} (check's {@code wrongTrials}): one number, never a summary of samples. */
    private record Tally(String key, long count) {
    }

    RowFigures(RowScope scope) {
        this.scope = scope;
        this.identity = new IdentityFields(scope.path() + ".");
    }

    /** The identity field {@code field}, a word the row writes under {@code key}. */
    public RowFigures word(IdentityField field, String key, String word) {
        identity.word(field, key, word);
        return this;
    }

    public RowFigures word(IdentityField field, String key, Optional<String> word) {
        identity.word(field, key, word);
        return this;
    }

    /** The identity field {@code field}, a count the row writes under {@code key}. */
    public RowFigures count(IdentityField field, String key, long count) {
        identity.count(field, key, count);
        return this;
    }

    public RowFigures count(IdentityField field, String key, OptionalInt count) {
        identity.count(field, key, count);
        return this;
    }

    /** The row's data were checked ({@code verified}): false is a failed check. */
    public RowFigures verified(boolean ok) {
        verified = ok;
        check = ok ? CheckOutcome.PASSED : CheckOutcome.failed("data came back wrong");
        return this;
    }

    /** As above; absent, the row's data were not checked. */
    public RowFigures verified(Optional<Boolean> ok) {
        ok.ifPresent(this::verified);
        return this;
    }

    /** The row's error was checked against its tolerance ({@code withinTolerance}). */
    public RowFigures withinTolerance(boolean ok) {
        check = ok ? CheckOutcome.PASSED : CheckOutcome.failed("error above tolerance");
        return this;
    }

    /**
     * The row's check as the run found it, in its own words ({@code pinned h2d 16777216 B: wrong byte
     * at offset 4097 ...}): what a run hands to {@code --expect} and JUnit while it measures, where
     * the document says only whether it passed.
     */
    public RowFigures checked(CheckOutcome outcome) {
        check = outcome;
        return this;
    }

    /** check's {@code verdict}: {@code broken} is wrong data despite synchronization, every other one passes. */
    public RowFigures verdict(String verdict) {
        check = verdict.equals("broken") ? CheckOutcome.failed("wrong data despite synchronization")
                : CheckOutcome.PASSED;
        return this;
    }

    /**
     * The {@code count} separately allocated host buffers the row's figures are the best of, with the
     * best and worst of their medians (GB/s): their spread holds for every figure of the row, which
     * is the same copy. One allocation, or figures no run writes, say no spread.
     */
    public RowFigures allocations(long count, double best, double worst) {
        allocations = count >= 2 && best > 0 && worst >= 0 && worst <= best
                ? Optional.of(new HostAllocations(count, best, worst)) : Optional.empty();
        return this;
    }

    /**
     * A rate ({@code gbps}, {@code bidirGbps}, {@code aggregateGbps}). xfer writes every rate as bytes
     * (1 or more) over a timed interval, and leaves out a row whose timer gave no time, so beside
     * {@code verified: true} (the copy finished, in a finite time) a rate of 0 is never its own: it
     * is a figure lost or made up, and refused.
     */
    public RowFigures rate(String key, Summary rate) {
        figures.add(new Figure(key, rate, Role.RATE));
        return this;
    }

    public RowFigures rate(String key, Optional<Summary> rate) {
        rate.ifPresent(r -> rate(key, r));
        return this;
    }

    /** Any other summarized figure ({@code microseconds}, {@code milliseconds}, ...). */
    public RowFigures figure(String key, Summary figure) {
        figures.add(new Figure(key, figure, Role.MEASURED));
        return this;
    }

    public RowFigures figure(String key, Optional<Summary> figure) {
        figure.ifPresent(f -> figure(key, f));
        return this;
    }

    /**
     * A figure the run could not measure ({@code why}: its timer gave no time): a result with no
     * value whose check failed with {@code why}, so nothing in it can pass. Only a run hands such
     * a result on; its document has a {@code failures} entry instead.
     */
    public RowFigures unmeasured(String key, String why) {
        figures.add(new Figure(key, new Summarized.Unsummarizable(why), Role.MEASURED));
        check = CheckOutcome.failed(why);
        return this;
    }

    /**
     * A figure a run derives from the row's measured ones ({@code speedup}, {@code perBatchMs}, a
     * rate over the median time): one value, with no check of its own. A value that is not a
     * finite number (a max error of NaN) has none, and says so ({@code maxError was NaN}). Only a
     * run hands such a figure on, for {@code --expect} to select; its document holds the value.
     */
    public RowFigures derived(String key, double value) {
        figures.add(new Figure(key, Double.isFinite(value) ? Summary.single(value)
                : new Summarized.Unsummarizable(key + " was " + value), Role.DERIVED));
        return this;
    }

    /** As above; absent (a speedup where nothing ran sequentially), no figure. */
    public RowFigures derived(String key, OptionalDouble value) {
        value.ifPresent(v -> derived(key, v));
        return this;
    }

    /** A figure a run could not derive, with why (the time it derives from gave none). */
    public RowFigures underived(String key, String why) {
        figures.add(new Figure(key, new Summarized.Unsummarizable(why), Role.DERIVED));
        return this;
    }

    /** A count of the row's (check's {@code wrongTrials}): one more result, after the summaries. */
    public RowFigures tally(String key, long count) {
        tallies.add(new Tally(key, count));
        return this;
    }

    /**
     * The row's results, in the order its figures were told: each identified by the command, the
     * part, the plan's fields, then the row's own, then what its place says.
     *
     * @throws dev.xfer.app.format.BindingException naming a figure beyond belief
     */
    public List<Result> results() {
        return measured().stream().map(RunResult.Measured::result).toList();
    }

    /**
     * The row's results with the figures each was made from, in the unit the row holds them (GB/s,
     * us): what a run hands to {@code --expect} and JUnit, which read the figures as the row
     * writes them ({@link RunResult.Measured}).
     */
    List<RunResult.Measured> measured() {
        Identity.Builder id = new Identity.Builder().with(IdentityField.COMMAND, scope.command());
        scope.part().filter(p -> !p.equals(scope.command())).ifPresent(p -> id.with(IdentityField.PART, p));
        EnumMap<IdentityField, Object> fields = new EnumMap<>(IdentityField.class);
        fields.putAll(scope.shared());
        fields.putAll(identity.values());
        fields.putAll(scope.given());
        fields.forEach((field, v) -> {
            if (v instanceof Long n) {
                id.with(field, n);
            } else {
                id.with(field, (String) v);
            }
        });
        String path = scope.path() + ".";
        List<RunResult.Measured> out = new ArrayList<>();
        for (Figure f : figures) {
            Quantity quantity = Quantity.of(f.key()).orElseGet(() -> Quantity.unknown(f.key()));
            Identity measured = id.with(IdentityField.MEASURED, f.key()).build();
            CheckOutcome checked = f.role() == Role.DERIVED ? CheckOutcome.NOT_CHECKED : check;
            switch (f.summary()) {
                case Summary s -> {
                    if (verified && f.role() == Role.RATE) {
                        positive(path + f.key() + ".median", s.median());
                        positive(path + f.key() + ".min", s.min());
                    }
                    out.add(new RunResult.Measured(new Result(measured, quantity, statistics(path + f.key(), s,
                            quantity), checked, allocations), s));
                }
                case Summarized.Unsummarizable no -> out.add(new RunResult.Measured(new Result(measured, quantity, no,
                        checked, allocations), no));
            }
        }
        for (Tally t : tallies) {
            FieldChecks.range(path + t.key(), t.count(), 0, Limits.MAX_SAMPLES);
            Summary count = Summary.single(t.count());
            out.add(new RunResult.Measured(new Result(id.with(IdentityField.MEASURED, t.key()).build(),
                    Quantity.of(t.key()).orElseThrow(), count, check), count));
        }
        return out;
    }

    private static void positive(String path, double rate) {
        if (rate <= 0) {
            throw BindingException.wrong(path, "a rate above 0 beside verified: true", NodeKind.number(rate));
        }
    }

    /**
     * A summary's statistics in the base unit. Every figure must be 0 or more and stay finite in the
     * base unit: one of 1e300 GB/s (Infinity in bytes per second) is refused, never judged. The
     * standard deviation is written as null past a double's range: no spread, as it always read.
     */
    private static Summary statistics(String path, Summary s, Quantity quantity) {
        FieldChecks.range(path + ".n", s.n(), 0, Limits.MAX_SAMPLES);
        return new Summary(figure(path + ".median", s.median(), quantity),
                figure(path + ".min", s.min(), quantity), figure(path + ".max", s.max(), quantity),
                figure(path + ".mean", s.mean(), quantity),
                s.stddev() == Double.POSITIVE_INFINITY ? s.stddev() : figure(path + ".stddev", s.stddev(), quantity),
                s.n());
    }

    private static double figure(String path, double value, Quantity quantity) {
        if (value < 0) {
            throw BindingException.wrong(path, "a number, 0 or more", NodeKind.number(value));
        }
        double base = quantity.toBase(value);
        if (!Double.isFinite(base) || base > Limits.MAX_FIGURE) {
            throw BindingException.wrong(path, "a finite number up to " + quantity.fromBase(Limits.MAX_FIGURE)
                    + (quantity.displaySymbol().isEmpty() ? "" : " " + quantity.displaySymbol()), NodeKind.number(value));
        }
        return base;
    }
}
