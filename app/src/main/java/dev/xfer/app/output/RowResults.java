package dev.xfer.app.output;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.NodeKind;
import dev.xfer.app.format.WrittenFields;
import dev.xfer.app.format.WrittenFields.Field;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.HostAllocations;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Limits;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link Result}s of one bound document row, whatever command's record it is, read off its
 * written fields ({@link WrittenFields}): a field named as an {@link IdentityField} (or one of
 * the {@link #ALIASES}) is part of every result's identity, each {@link Summary} is one
 * result of the quantity its name says, and check's {@code wrongTrials} is one more. The row's
 * own check ({@code verified}, {@code withinTolerance}, {@code verdict}) is each result's.
 *
 * <p>The binder has already refused every value of the wrong type; what is checked here is what
 * a type cannot say: a figure below 0 or beyond {@link Limits#MAX_FIGURE} in its base unit, a
 * count out of its field's range, a word that could be mistaken for a counted segment. Each is a
 * {@link BindingException} naming the field's path.
 */
final class RowResults {
    /** Document fields (in rows or parameters) that name an identity field by another name. */
    static final Map<String, IdentityField> ALIASES = Map.of(
            "batches", IdentityField.COUNT, "batchBytes", IdentityField.BYTES, "copies", IdentityField.COUNT,
            "threadsPerBlock", IdentityField.BLOCK_SIZE);

    /** Fields the document itself decides, never taken from a row or the parameters. */
    private static final Set<IdentityField> FROM_DOCUMENT = Set.of(IdentityField.COMMAND, IdentityField.PART,
            IdentityField.MEASURED);

    private RowResults() {
    }

    /**
     * The results of {@code row} (its fields, in order) at {@code path}, of a document of
     * {@code command}: identity from {@code parameters} where the row leaves a field out, then the
     * row's, then {@code given} (what the row's place in the document says).
     */
    static List<Result> of(String path, String command, List<Field> row, Map<IdentityField, Object> parameters,
                           Map<IdentityField, Object> given) {
        return of(path, command, row, Map.of(), parameters, given);
    }

    /**
     * As above, with {@code own}: the identity the row's record says in other words than its
     * written fields ({@link Row#identity()}), read in place of the written fields of those names.
     */
    static List<Result> of(String path, String command, List<Field> row, Map<IdentityField, Object> own,
                           Map<IdentityField, Object> parameters, Map<IdentityField, Object> given) {
        Identity.Builder identity = new Identity.Builder().with(IdentityField.COMMAND, command);
        Object part = value(row, "command");
        if (part instanceof String word) {
            if (!IdentityField.isWord(word)) {
                throw wrong(path + ".command", "a word of a-z, 0-9 and '-'", "text \"" + word + "\"");
            }
            if (!word.equals(command)) {
                identity.with(IdentityField.PART, word);
            }
        }
        EnumMap<IdentityField, Object> fields = new EnumMap<>(IdentityField.class);
        fields.putAll(parameters);
        fields.putAll(identityFields(path + ".", own.isEmpty() ? row
                : row.stream().filter(f -> field(f.key()) == null || !own.containsKey(field(f.key()))).toList(), false));
        own.forEach((field, v) -> fields.put(field, identityValue(path + "." + field.jsonName(), field, v)));
        fields.putAll(given);
        fields.forEach((field, v) -> {
            if (v instanceof Long n) {
                identity.with(field, n);
            } else {
                identity.with(field, (String) v);
            }
        });
        CheckOutcome check = check(row);
        Optional<HostAllocations> spread = allocations(value(row, "allocations"));
        List<Result> out = new ArrayList<>();
        // A row that says its data were checked moved them in a finite time, so each of its rates is above
        // 0: a copy's gbps (bandwidth, smoke, p2p, a concurrent GPU's share, a pattern's measured copy,
        // each run of --runs), a pair's bidirGbps, an aggregateGbps. xfer writes every rate as bytes (1
        // or more) over a timed interval, and leaves out a row whose timer gave no time, so 0 is never
        // its own: it is a figure lost or made up.
        boolean verified = Boolean.TRUE.equals(value(row, "verified"));
        for (Field f : row) {
            if (verified && plain(f.value()) instanceof Summary rate && isRate(f.key())) {
                for (var figure : List.of(Map.entry("median", rate.median()), Map.entry("min", rate.min()))) {
                    if (figure.getValue() <= 0) {
                        throw wrong(path + "." + f.key() + "." + figure.getKey(), "a rate above 0 beside verified: true",
                                NodeKind.number(figure.getValue()));
                    }
                }
            }
            if (plain(f.value()) instanceof Summary summary) {
                if (!IdentityField.MEASURED.accepts(f.key())) {
                    throw wrong(path, "measured fields named in camelCase", "a field named \"" + f.key() + "\"");
                }
                Quantity quantity = Quantity.of(f.key()).orElseGet(() -> Quantity.unknown(f.key()));
                out.add(new Result(identity.with(IdentityField.MEASURED, f.key()).build(), quantity,
                        statistics(path + "." + f.key(), summary, quantity), check, spread));
            }
        }
        if (value(row, "wrongTrials") instanceof Long wrong) {
            range(path + ".wrongTrials", wrong, 0, Limits.MAX_SAMPLES);
            out.add(new Result(identity.with(IdentityField.MEASURED, "wrongTrials").build(),
                    Quantity.of("wrongTrials").orElseThrow(), Summary.single(wrong), check));
        }
        return out;
    }

    /** A rate's field: {@code gbps}, or one named for what it is the rate of ({@code bidirGbps}, {@code aggregateGbps}). */
    private static boolean isRate(String key) {
        return key.equals("gbps") || key.endsWith("Gbps");
    }

    /**
     * The identity fields {@code fields} name, at {@code prefix}: a row's every scalar, or (for
     * {@code parameters}) those the rows share: lists, records and the NUMA node choice are the rows' own.
     */
    static Map<IdentityField, Object> identityFields(String prefix, List<Field> fields, boolean parameters) {
        Map<IdentityField, Object> out = new EnumMap<>(IdentityField.class);
        for (Field f : fields) {
            IdentityField field = field(f.key());
            Object v = plain(f.value());
            if (field == null || FROM_DOCUMENT.contains(field) || v == null) {
                continue;
            }
            if (parameters && (field == IdentityField.NUMA_NODE || v instanceof List || v instanceof Map
                    || v instanceof Record)) {
                continue;
            }
            out.put(field, identityValue(prefix + f.key(), field, v));
        }
        return out;
    }

    static Object value(List<Field> fields, String key) {
        return WrittenFields.value(fields, key);
    }

    static Object plain(Object value) {
        return WrittenFields.plain(value);
    }

    private static Object identityValue(String path, IdentityField field, Object value) {
        if (!field.numeric()) {
            if (!(value instanceof String word)) {
                throw wrong(path, "a word", shown(value));
            }
            if (!IdentityField.isWord(word)) {
                throw wrong(path, "a word of a-z, 0-9 and '-'", shown(value));
            }
            return word;
        }
        if (!(value instanceof Long n)) {
            throw wrong(path, "a whole number", shown(value));
        }
        Limits.Range range = Limits.of(field);
        range(path, n, range.min(), range.max());
        return n;
    }

    /** The identity field a document field names, or null. */
    private static IdentityField field(String name) {
        if (ALIASES.containsKey(name)) {
            return ALIASES.get(name);
        }
        for (IdentityField field : IdentityField.values()) {
            if (field.jsonName().equals(name)) {
                return field;
            }
        }
        return null;
    }

    private static CheckOutcome check(List<Field> row) {
        for (String flag : List.of("verified", "withinTolerance")) {
            if (value(row, flag) instanceof Boolean ok) {
                return ok ? CheckOutcome.PASSED
                        : CheckOutcome.failed(flag.equals("verified") ? "data came back wrong" : "error above tolerance");
            }
        }
        if (value(row, "verdict") instanceof String verdict) {
            return verdict.equals("broken") ? CheckOutcome.failed("wrong data despite synchronization")
                    : CheckOutcome.PASSED;
        }
        return CheckOutcome.NOT_CHECKED;
    }

    /**
     * {@code "allocations": {"count": k, "best": GB/s, "worst": GB/s}}: the k separately allocated
     * host buffers the row's figures are the best of; their spread holds for the result's time
     * too, which is the same copy. Empty for one allocation or none recorded.
     */
    private static Optional<HostAllocations> allocations(Object allocations) {
        if (allocations instanceof Record r) {
            List<Field> fields = WrittenFields.of(r);
            if (value(fields, "count") instanceof Long count && count >= 2
                    && value(fields, "best") instanceof Double best && value(fields, "worst") instanceof Double worst
                    && best > 0 && worst >= 0 && worst <= best) {
                return Optional.of(new HostAllocations(count, best, worst));
            }
        }
        return Optional.empty();
    }

    /**
     * A summary's statistics in the base unit. Every figure must be 0 or more and stay finite in the
     * base unit: one of 1e300 GB/s (Infinity in bytes per second) is refused, never judged. The
     * standard deviation is written as null past a double's range: no spread, as it always read.
     */
    private static Summary statistics(String path, Summary s, Quantity quantity) {
        range(path + ".n", s.n(), 0, Limits.MAX_SAMPLES);
        return new Summary(figure(path + ".median", s.median(), quantity),
                figure(path + ".min", s.min(), quantity), figure(path + ".max", s.max(), quantity),
                figure(path + ".mean", s.mean(), quantity),
                s.stddev() == Double.POSITIVE_INFINITY ? s.stddev() : figure(path + ".stddev", s.stddev(), quantity),
                s.n());
    }

    private static double figure(String path, double value, Quantity quantity) {
        if (value < 0) {
            throw wrong(path, "a number, 0 or more", NodeKind.number(value));
        }
        double base = quantity.toBase(value);
        if (!Double.isFinite(base) || base > Limits.MAX_FIGURE) {
            throw wrong(path, "a finite number up to " + quantity.fromBase(Limits.MAX_FIGURE)
                    + (quantity.displaySymbol().isEmpty() ? "" : " " + quantity.displaySymbol()), NodeKind.number(value));
        }
        return base;
    }

    static void range(String path, long value, long min, long max) {
        if (value < min || value > max) {
            throw wrong(path, "a whole number from " + min + " to " + max, Long.toString(value));
        }
    }

    private static String shown(Object value) {
        return value instanceof String s ? "text \"" + s + "\"" : value instanceof Number n ? "the number " + n
                : value instanceof Boolean b ? b.toString() : value instanceof List ? "a list" : "an object";
    }

    static BindingException wrong(String path, String expected, String got) {
        return new BindingException(path, "expected " + expected + ", got " + got);
    }
}
