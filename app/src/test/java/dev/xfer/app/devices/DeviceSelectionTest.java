package dev.xfer.app.devices;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --device N|all|N,N,...}: parsing before CUDA, resolving after. */
class DeviceSelectionTest {

    @Property(tries = 300)
    void aListParsesToItsIndicesInOrder(@ForAll @Size(min = 1, max = 12) List<@IntRange(max = 15) Integer> drawn,
                                        @ForAll boolean blanks) {
        List<Integer> given = List.copyOf(new LinkedHashSet<>(drawn));
        String text = given.stream().map(i -> blanks ? " " + i + "\t" : Integer.toString(i))
                .collect(Collectors.joining(","));
        DeviceSelection s = DeviceSelection.parse(text);
        List<Integer> expected = given;
        assertFalse(s.all());
        assertEquals(expected, s.indices());
        assertEquals(expected.size() == 1, s.isSingle());
        assertEquals(expected, s.resolve(() -> {
            throw new AssertionError("a list needs no device count");
        }));
        assertEquals(s, DeviceSelection.parse(s.label()), "the label parses back");
    }

    @Property(tries = 100)
    void allResolvesToEveryIndexTheRuntimeCounts(@ForAll @IntRange(max = 64) int count) {
        DeviceSelection all = DeviceSelection.parse("all");
        assertTrue(all.all());
        assertFalse(all.isSingle(), "how many all is, only CUDA knows");
        List<Integer> resolved = all.resolve(() -> count);
        assertEquals(count, resolved.size());
        for (int i = 0; i < count; i++) {
            assertEquals(i, resolved.get(i));
        }
    }

    @Example
    void allInAnyCaseWithBlanks() {
        for (String text : List.of("all", "ALL", " All\t")) {
            assertEquals(DeviceSelection.everyDevice(), DeviceSelection.parse(text), text);
        }
        assertEquals("all", DeviceSelection.everyDevice().label());
    }

    @Example
    void allIsAskedForTheCountOnlyOnce() {
        AtomicInteger asked = new AtomicInteger();
        DeviceSelection.everyDevice().resolve(() -> {
            asked.incrementAndGet();
            return 2;
        });
        assertEquals(1, asked.get());
    }

    @Example
    void anIndexNamedTwiceIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("2, 0 ,2"));
        assertEquals("'2, 0 ,2' names GPU 2 twice", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("0,0"));
        assertEquals("2,0", DeviceSelection.parse("2, 0").label());
    }

    @Example
    void aNegativeIndexIsRefusedBeforeCuda() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("-1"));
        assertEquals("'-1': a GPU index is 0 or more, not -1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse("0,-3"));
        assertEquals(List.of(0), DeviceSelection.parse("-0").indices(), "-0 is 0");
        assertEquals(List.of(1), DeviceSelection.parse("+1").indices());
    }

    @Example
    void ofDropsRepeatsKeepingTheFirst() {
        assertEquals(List.of(2, 0), DeviceSelection.of(2, 0, 2).indices());
    }

    @Example
    void theDefaultIsDeviceZero() {
        assertEquals(0, DeviceSelection.DEFAULT.single());
        assertEquals("0", DeviceSelection.DEFAULT.label());
    }

    @Provide
    Arbitrary<String> notASelection() {
        return Arbitraries.oneOf(
                Arbitraries.of("", " ", ",", "0,", ",1", "0,,1", "all,0", "0,all", "alll", "one", "0x1", "1.5",
                        "1 2", "0;1", "99999999999", "0,-", "--1", "0-3", "gpu0"),
                Arbitraries.strings().ofMinLength(1).ofMaxLength(10).alpha()
                        .filter(s -> !s.equalsIgnoreCase("all")));
    }

    @Property(tries = 200)
    void anythingElseIsRefusedNamingTheText(@ForAll("notASelection") String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse(text));
        assertEquals("'" + text + "' is not a GPU index, all, or a comma list of indices such as 0,2,3",
                e.getMessage());
    }

    @Example
    void singleOfSeveralIsAProgrammingError() {
        assertThrows(IllegalStateException.class, () -> DeviceSelection.parse("0,1").single());
        assertThrows(IllegalStateException.class, () -> DeviceSelection.everyDevice().single());
    }

    @Example
    void theRecordRefusesInconsistentValues() {
        assertThrows(IllegalArgumentException.class, () -> new DeviceSelection(true, List.of(0)));
        assertThrows(IllegalArgumentException.class, () -> new DeviceSelection(false, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new DeviceSelection(false, List.of(1, 1)));
    }
}
