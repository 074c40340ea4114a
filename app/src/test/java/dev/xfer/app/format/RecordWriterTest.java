package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.xfer.app.format.Specimens.Bare;
import dev.xfer.app.format.Specimens.Circle;
import dev.xfer.app.format.Specimens.Colour;
import dev.xfer.app.format.Specimens.Nullable;
import dev.xfer.app.format.Specimens.Point;
import dev.xfer.app.format.Specimens.Sample;
import dev.xfer.app.format.Specimens.Square;
import dev.xfer.app.format.Specimens.WithBare;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The writer's rules for records: the same bytes as the equivalent map, in both layouts. */
class RecordWriterTest {

    @Test
    void aRecordIsWrittenAsTheEquivalentMap() {
        Sample s = Specimens.sample();
        assertEquals(Json.write(Specimens.map(s)), Json.write(s));
        assertEquals(Json.writeLine(Specimens.map(s)), Json.writeLine(s));
    }

    @Test
    void componentsAreKeysInDeclarationOrder() {
        assertEquals("{\n  \"x\": 7,\n  \"y\": 0.25\n}\n", Json.write(new Point(7, 0.25)));
    }

    @Test
    void anEmptyOptionalLeavesItsKeyOutUnlessItIsWrittenAsNull() {
        Sample s = new Sample("a", 0, 0, 0, false, Colour.RED, List.of(), Optional.empty(), OptionalInt.empty(),
                OptionalDouble.empty(), OptionalLong.empty(), Optional.empty(), List.of(), Optional.empty());
        String line = Json.writeLine(s);
        assertEquals("{\"name\": \"a\", \"count\": 0, \"bytes\": 0, \"gbps\": 0.0, \"verified\": false,"
                + " \"colour\": \"red\", \"points\": [], \"numaNode\": null, \"shapes\": [], \"tint\": null}", line);
    }

    @Test
    void aPresentOptionalIsWrittenAsItsValue() {
        Sample s = new Sample("a", 0, 0, 0, false, Colour.RED, List.of(), Optional.of("n"), OptionalInt.of(1),
                OptionalDouble.of(2.5), OptionalLong.of(9), Optional.of(new Point(1, 1)), List.of(),
                Optional.of(Colour.DEEP_BLUE));
        String line = Json.writeLine(s);
        assertTrue(line.contains("\"note\": \"n\", \"numaNode\": 1, \"median\": 2.5, \"pid\": 9,"
                + " \"origin\": {\"x\": 1, \"y\": 1.0}"), line);
        assertTrue(line.endsWith("\"tint\": \"deep-blue\"}"), line);
    }

    @Test
    void aSealedRecordIsWrittenWithItsTagFirst() {
        assertEquals("{\"kind\": \"circle\", \"radius\": 1.5}", Json.writeLine(new Circle(1.5)));
        assertEquals("{\"kind\": \"square\", \"side\": 2, \"label\": \"s\"}",
                Json.writeLine(new Square(2, Optional.of("s"))));
    }

    @Test
    void anEnumIsWrittenAsItsLabel() {
        assertEquals("\"deep-blue\"", Json.writeLine(Colour.DEEP_BLUE));
    }

    @Test
    void anEnumWithoutALabelIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.write(new WithBare(Bare.ONE)));
        assertTrue(e.getMessage().contains("implement Labelled"), e.getMessage());
    }

    @Test
    void aNullComponentIsRefusedSinceItCouldNotBeReadBack() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.write(new Nullable(null)));
        assertTrue(e.getMessage().contains("Nullable.text is null"), e.getMessage());
    }

    @Test
    void aNonFiniteDoubleIsWrittenAsNullAsInAMap() {
        assertEquals("{\"x\": 1, \"y\": null}", Json.writeLine(new Point(1, Double.NaN)));
    }

    @Test
    void aValueOrUnknownIsWrittenAsTheValueOrAsUnknownText() {
        assertEquals("{\"replays\": \"unknown: not supported\", \"points\": [{\"x\": 1, \"y\": 2.0}]}",
                Json.writeLine(new Specimens.Probe(OrUnknown.unknown("not supported"),
                        OrUnknown.of(List.of(new Point(1, 2))))));
        assertEquals("{\"replays\": 7, \"points\": \"unknown: \"}",
                Json.writeLine(new Specimens.Probe(OrUnknown.of(7L), OrUnknown.unknown(""))));
    }

    /** A key that is a Java keyword, as check's rows have. */
    record Tally(String scenario, @JsonProperty("synchronized") boolean isSynchronized, int trials) {
    }

    @Test
    void aKeyedComponentIsWrittenAndBoundUnderItsKey() {
        Tally t = new Tally("d2h", true, 3);
        assertEquals("{\"scenario\": \"d2h\", \"synchronized\": true, \"trials\": 3}", Json.writeLine(t));
        assertEquals(t, new RecordBinder().read(Json.write(t), Tally.class));
        BindingException e = assertThrows(BindingException.class, () -> new RecordBinder().read(
                "{\"scenario\": \"d2h\", \"isSynchronized\": true, \"trials\": 3}", Tally.class));
        assertEquals("synchronized", e.path());
    }

    @Test
    void recordsInsideMapsAndListsAreWrittenToo() {
        assertEquals(Json.write(JsonMaps.object("p", List.of(Specimens.map(new Point(1, 2))))),
                Json.write(JsonMaps.object("p", List.of(new Point(1, 2)))));
    }
}
