package dev.xfer.app.output;

import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Limits;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The identity fields a row or a plan writes, gathered as the record says them and checked as a
 * gate reads them: a word must be one no counted segment can be mistaken for ({@code streams4}
 * is no memory kind), a count must lie in its field's {@link Limits}. A refusal names the field by
 * its path, {@code prefix} then the key the document writes it under, which may be another name
 * than the identity field's own (pipeline's {@code batches} is the {@code count}).
 */
public final class IdentityFields {
    private final String prefix;
    private final EnumMap<IdentityField, Object> values = new EnumMap<>(IdentityField.class);

    /** Fields whose paths start with {@code prefix} ({@code "parameters."}, {@code "results[2]."}). */
    public IdentityFields(String prefix) {
        this.prefix = prefix;
    }

    /** {@code field} is {@code word}, written under {@code key}; a later value replaces an earlier one. */
    public IdentityFields word(IdentityField field, String key, String word) {
        values.put(field, FieldChecks.word(prefix + key, word));
        return this;
    }

    /** As above, where the record may leave the field out. */
    public IdentityFields word(IdentityField field, String key, Optional<String> word) {
        word.ifPresent(w -> word(field, key, w));
        return this;
    }

    /** {@code field} is {@code count}, written under {@code key}, within the field's {@link Limits}. */
    public IdentityFields count(IdentityField field, String key, long count) {
        Limits.Range range = Limits.of(field);
        values.put(field, FieldChecks.range(prefix + key, count, range.min(), range.max()));
        return this;
    }

    /** As above, where the record may leave the field out. */
    public IdentityFields count(IdentityField field, String key, OptionalInt count) {
        count.ifPresent(n -> count(field, key, n));
        return this;
    }

    /** What was gathered, each field once, in field order. */
    public Map<IdentityField, Object> values() {
        return Collections.unmodifiableMap(new EnumMap<>(values));
    }
}
