package dev.xfer.app.result;

import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.cuda.HostMemoryKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two results that differ in any identity field never share a name (the {@code --expect} and
 * fleet/compare name), a CSV key or an OpenMetrics label set. Words come from the engines' own
 * vocabularies, which must stay disjoint for names to be unambiguous.
 */
class IdentityPropertiesTest {
    private static final List<String> COMMANDS = List.of("bandwidth", "smoke", "overlap", "check", "batch", "pipeline",
            "latency");

    private static final Map<IdentityField, List<String>> WORDS = words();

    private static Map<IdentityField, List<String>> words() {
        Map<IdentityField, List<String>> words = new EnumMap<>(IdentityField.class);
        words.put(IdentityField.COMMAND, COMMANDS);
        words.put(IdentityField.PART, COMMANDS);
        words.put(IdentityField.MEMORY, Stream.concat(Arrays.stream(HostMemoryKind.values()).map(HostMemoryKind::label),
                Stream.of("device")).toList());
        words.put(IdentityField.COPY, Arrays.stream(CopyPath.values()).map(CopyPath::label).toList());
        words.put(IdentityField.DIRECTION, Stream.concat(Arrays.stream(CopyDirection.values()).map(CopyDirection::label),
                Stream.of("bidir-h2d", "bidir-d2h")).toList());
        words.put(IdentityField.INITIATION, Arrays.stream(Initiation.values()).map(Initiation::label).toList());
        words.put(IdentityField.SCHEDULE, Arrays.stream(OverlapSchedule.values()).map(OverlapSchedule::label).toList());
        words.put(IdentityField.SCENARIO, Arrays.stream(CheckScenario.values()).map(CheckScenario::id).toList());
        words.put(IdentityField.STRATEGY, Arrays.stream(BatchStrategy.values()).map(BatchStrategy::label).toList());
        words.put(IdentityField.TIMER, Arrays.stream(dev.xfer.app.bandwidth.CopyTimer.values())
                .map(dev.xfer.app.bandwidth.CopyTimer::label).toList());
        words.put(IdentityField.START, Arrays.stream(dev.xfer.app.measure.StartMode.values())
                .map(dev.xfer.app.measure.StartMode::label).toList());
        words.put(IdentityField.TARGET, List.of("host", "device", "peer"));
        words.put(IdentityField.ORDER, List.of("random", "sequential"));
        words.put(IdentityField.PATTERN, List.of("concurrent", "all-to-host", "all-to-host-bidirectional", "host-to-all",
                "host-to-all-bidirectional", "all-to-one-write", "all-to-one-read", "one-to-all-write",
                "one-to-all-read"));
        words.put(IdentityField.MEASURED, List.of("gbps", "microseconds", "milliseconds", "nanoseconds", "wrongTrials",
                "bidirGbps", "aggregateGbps", "perBatchMs"));
        return words;
    }

    @Example
    void theWordsOfDifferentFieldsNeverCoincide() {
        Set<String> seen = new HashSet<>();
        WORDS.forEach((field, words) -> {
            // A part is a command, in its own position after the command; tagged segments name their field.
            if (field != IdentityField.PART && !field.tagged()) {
                words.forEach(w -> assertTrue(seen.add(w), field + " shares the word " + w));
            }
        });
        for (IdentityField field : IdentityField.values()) {
            assertTrue(field.numeric() || WORDS.containsKey(field), "a vocabulary for " + field);
        }
    }

    @Property(tries = 2000)
    void differentIdentitiesNeverShareANameKeyOrLabelSet(@ForAll("identities") Identity a, @ForAll("identities") Identity b) {
        if (a.equals(b)) {
            assertEquals(a.name(), b.name());
            return;
        }
        assertNotEquals(a.name(), b.name(), a.fields() + " / " + b.fields());
        assertNotEquals(a.csvKey(), b.csvKey());
        assertNotEquals(a.labels(), b.labels());
    }

    /** One field changed: the smallest difference still shows in all three. */
    @Property(tries = 2000)
    void oneFieldChangedShows(@ForAll("identities") Identity a, @ForAll("identities") Identity donor) {
        for (IdentityField field : IdentityField.values()) {
            Identity.Builder b = a.toBuilder();
            Object value = donor.fields().get(field);
            if (value == null) {
                if (field == IdentityField.COMMAND || field == IdentityField.MEASURED) {
                    continue;
                }
                b.without(field);
            } else if (value instanceof Long n) {
                b.with(field, n);
            } else {
                b.with(field, (String) value);
            }
            Identity changed = b.build();
            if (!changed.equals(a)) {
                assertNotEquals(a.name(), changed.name(), a.fields() + " / " + changed.fields());
                assertNotEquals(a.csvKey(), changed.csvKey());
                assertNotEquals(a.labels(), changed.labels());
            }
        }
    }

    /** Every name is one --expect can select: dot-separated segments, sizes as ByteSize writes them. */
    @Property(tries = 500)
    void everyNameIsAValidExpectName(@ForAll("identities") Identity a) {
        assertEquals(a.name(), Metric.of(a.name(), 1, MetricUnit.NUMBER).name());
        a.labels().keySet().forEach(l -> assertTrue(l.matches("[a-z][a-z0-9_]*"), l));
    }

    @Provide
    Arbitrary<Identity> identities() {
        List<Arbitrary<Map.Entry<IdentityField, Object>>> parts = new ArrayList<>();
        for (IdentityField field : IdentityField.values()) {
            Arbitrary<Object> value = field.numeric()
                    ? Arbitraries.longs().between(field == IdentityField.BYTES ? 1 : 0, 1L << 40).edgeCases(e -> e.includeOnly(1L, 4L, 16L)).map(v -> (Object) v)
                    : Arbitraries.of(WORDS.get(field)).map(v -> (Object) v);
            boolean always = field == IdentityField.COMMAND || field == IdentityField.MEASURED;
            parts.add(always ? value.map(v -> Map.entry(field, v))
                    : value.map(v -> Map.entry(field, v)).injectNull(0.6));
        }
        return Combinators.combine(parts).as(entries -> {
            Identity.Builder b = new Identity.Builder();
            for (Map.Entry<IdentityField, Object> e : entries) {
                if (e == null) {
                    continue;
                }
                if (e.getValue() instanceof Long n) {
                    b.with(e.getKey(), n);
                } else {
                    b.with(e.getKey(), (String) e.getValue());
                }
            }
            return b.build();
        });
    }
}
