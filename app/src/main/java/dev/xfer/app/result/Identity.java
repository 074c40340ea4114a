package dev.xfer.app.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a result is a measurement of: every parameter that changes the number, as named fields
 * ({@link IdentityField}), and the measured field. Two results with equal identities measure
 * the same thing, so results from different GPUs, runs and xfer versions can be compared by it.
 *
 * <p>The GPU a result ran on is not part of it: it is the {@link GpuContext} around the results,
 * because fleet and compare line up one result across GPUs by its identity. Where several GPUs
 * take part in one result (peer copies, concurrent runs), the GPU indices that make it differ
 * are identity fields ({@link IdentityField#SRC}, {@link IdentityField#GPU}, ...).
 *
 * <p>Result names, CSV keys and OpenMetrics labels all come from here, field by field, so two
 * identities that differ in any field differ in each of them.
 *
 * @param fields the fields present, each a {@code String} (words) or a {@code Long} (sizes,
 *               counts, indices); {@link IdentityField#COMMAND} and {@link IdentityField#MEASURED}
 *               are always present
 */
public record Identity(SortedMap<IdentityField, Object> fields) {
    /** The command whose names carry no command segment, as {@code --expect} names them. */
    public static final String BANDWIDTH = "bandwidth";
    /** The copy path whose names carry no path segment (cudaMemcpyAsync), as {@code --expect} names them. */
    public static final String DRIVER = "driver";
    /** The default timer, which identities leave out. */
    public static final String EVENTS = "events";
    /** The default initiation of a copy between GPUs (the GPU holding the data issues it), which identities leave out. */
    public static final String WRITE = "write";
    /** The default start of overlap's and pipeline's timed runs (async.cu's), which identities leave out. */
    public static final String PLAIN = "plain";

    public Identity {
        Objects.requireNonNull(fields, "fields");
        EnumMap<IdentityField, Object> copy = new EnumMap<>(IdentityField.class);
        fields.forEach((field, value) -> copy.put(field, checked(field, value)));
        if (EVENTS.equals(copy.get(IdentityField.TIMER))) {
            // The default timer: absent, so that documents that never said which timer read the same.
            copy.remove(IdentityField.TIMER);
        }
        if (WRITE.equals(copy.get(IdentityField.INITIATION))) {
            // Likewise the write form: every copy between GPUs before the read form was measured.
            copy.remove(IdentityField.INITIATION);
        }
        if (PLAIN.equals(copy.get(IdentityField.START))) {
            // And the plain start: every overlap and pipeline run before the gated start existed.
            copy.remove(IdentityField.START);
        }
        if (copy.containsKey(IdentityField.DIRECTION)) {
            // A copy in a direction always has a path; rows written before xfer recorded it are the driver's.
            copy.putIfAbsent(IdentityField.COPY, DRIVER);
        }
        for (IdentityField required : List.of(IdentityField.COMMAND, IdentityField.MEASURED)) {
            if (!copy.containsKey(required)) {
                throw new IllegalArgumentException("an identity needs a " + required.label());
            }
        }
        fields = Collections.unmodifiableSortedMap(new TreeMap<>(copy));
    }

    private static Object checked(IdentityField field, Object value) {
        Objects.requireNonNull(value, field.label());
        if (field.numeric()) {
            if (!(value instanceof Long number) || number < 0) {
                throw new IllegalArgumentException(field.label() + " must be a whole number, 0 or more: " + value);
            }
            return value;
        }
        if (!(value instanceof String word) || !field.accepts(word)) {
            throw new IllegalArgumentException(field.label() + " must be a word of a-z, 0-9 and '-' (not a count such"
                    + " as streams4): " + value);
        }
        return value;
    }

    /** A start for an identity of {@code command}'s result {@code measured}. */
    public static Builder of(String command, String measured) {
        return new Builder().with(IdentityField.COMMAND, command).with(IdentityField.MEASURED, measured);
    }

    public String command() {
        return (String) fields.get(IdentityField.COMMAND);
    }

    /** The measured field of the document ({@code gbps}, {@code microseconds}, ...). */
    public String measured() {
        return (String) fields.get(IdentityField.MEASURED);
    }

    public Optional<String> word(IdentityField field) {
        return field.numeric() ? Optional.empty() : Optional.ofNullable((String) fields.get(field));
    }

    public OptionalLong number(IdentityField field) {
        return field.numeric() && fields.get(field) instanceof Long n ? OptionalLong.of(n) : OptionalLong.empty();
    }

    public Optional<String> memory() {
        return word(IdentityField.MEMORY);
    }

    public Optional<String> copy() {
        return word(IdentityField.COPY);
    }

    public Optional<String> direction() {
        return word(IdentityField.DIRECTION);
    }

    public OptionalLong bytes() {
        return number(IdentityField.BYTES);
    }

    public OptionalLong streams() {
        return number(IdentityField.STREAMS);
    }

    public OptionalLong numaNode() {
        return number(IdentityField.NUMA_NODE);
    }

    /**
     * The result's name: one segment per field present, in field order, dot-separated:
     * {@code pinned.staged.h2d.64MiB.gbps}, {@code overlap.pinned.v1.16MiB.elements4194304.streams4.milliseconds}.
     * Two defaults are left out, so that names read as {@code --expect} writes them: the command
     * {@code bandwidth} (unless a part follows it, which could be read as a command), and the {@code driver} copy path of a copy with a direction (such a copy
     * always has a path, so leaving it out cannot make two names equal).
     */
    public String name() {
        List<String> segments = new ArrayList<>();
        fields.forEach((field, value) -> {
            boolean implied = field == IdentityField.COMMAND && value.equals(BANDWIDTH) && !fields.containsKey(IdentityField.PART)
                    || field == IdentityField.COPY && value.equals(DRIVER) && fields.containsKey(IdentityField.DIRECTION);
            if (!implied) {
                segments.add(field.segment(value));
            }
        });
        return String.join(".", segments);
    }

    /** The CSV columns that identify a row: one per {@link IdentityField}, empty where absent. */
    public List<String> csvKey() {
        List<String> key = new ArrayList<>();
        for (IdentityField field : IdentityField.values()) {
            Object value = fields.get(field);
            key.add(value == null ? "" : value.toString());
        }
        return key;
    }

    /** The header of {@link #csvKey()}'s columns. */
    public static List<String> csvHeader() {
        return java.util.Arrays.stream(IdentityField.values()).map(IdentityField::label).toList();
    }

    /** The fields present as OpenMetrics labels: snake_case name to value, in field order. */
    public Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        fields.forEach((field, value) -> labels.put(field.label(), value.toString()));
        return labels;
    }

    /** The same identity measuring {@code measured} instead. */
    public Identity measuring(String measured) {
        return toBuilder().with(IdentityField.MEASURED, measured).build();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.fields.putAll(fields);
        return b;
    }

    @Override
    public String toString() {
        return name();
    }

    /** Collects fields; a later value for a field replaces an earlier one. */
    public static final class Builder {
        private final EnumMap<IdentityField, Object> fields = new EnumMap<>(IdentityField.class);

        public Builder with(IdentityField field, String word) {
            fields.put(field, word);
            return this;
        }

        public Builder with(IdentityField field, long number) {
            fields.put(field, number);
            return this;
        }

        public Builder without(IdentityField field) {
            fields.remove(field);
            return this;
        }

        public Identity build() {
            return new Identity(new TreeMap<>(fields));
        }
    }
}
