package dev.xfer.app.format;

import dev.xfer.app.format.Specimens.Box;
import dev.xfer.app.format.Specimens.Boxes;
import dev.xfer.app.format.Specimens.Circle;
import dev.xfer.app.format.Specimens.Colour;
import dev.xfer.app.format.Specimens.Point;
import dev.xfer.app.format.Specimens.Positive;
import dev.xfer.app.format.Specimens.Sample;
import dev.xfer.app.format.Specimens.Shape;
import dev.xfer.app.format.Specimens.Square;
import dev.xfer.app.format.Specimens.WithBare;
import dev.xfer.app.format.Specimens.WithMap;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each rule of the strict binder, and the path and words of each refusal. */
class RecordBinderTest {
    private final RecordBinder binder = new RecordBinder();

    private String refusal(String json, Class<?> type) {
        return assertThrows(BindingException.class, () -> binder.read(json, type)).getMessage();
    }

    @Test
    void whatTheWriterWroteBindsBackEqual() {
        Sample s = Specimens.sample();
        assertEquals(s, binder.read(Json.write(s), Sample.class));
    }

    @Test
    void aWrongTypeNamesTheFieldAndWhatWasFound() {
        assertEquals("x: expected a whole number, got text \"1\"", refusal("{\"x\": \"1\", \"y\": 1}", Point.class));
        assertEquals("y: expected a number, got true", refusal("{\"x\": 1, \"y\": true}", Point.class));
        assertEquals("x: expected a whole number, got the number 1.5", refusal("{\"x\": 1.5, \"y\": 1}", Point.class));
    }

    @Test
    void nullWhereAValueIsRequiredIsRefused() {
        assertEquals("y: expected a number, got null", refusal("{\"x\": 1, \"y\": null}", Point.class));
    }

    @Test
    void aMissingRequiredFieldIsRefused() {
        assertEquals("y: expected a number, got nothing", refusal("{\"x\": 1}", Point.class));
    }

    @Test
    void aNumberTooLargeForADoubleIsRefusedNotReadAsInfinity() {
        assertEquals("y: expected a finite number, got the number 1E+400",
                refusal("{\"x\": 1, \"y\": 1e400}", Point.class));
    }

    @Test
    void aWholeNumberOutOfRangeIsRefused() {
        assertTrue(refusal("{\"x\": 99999999999999999999, \"y\": 1}", Point.class)
                .startsWith("x: expected a whole number, got the number 9999"));
        String json = Json.write(Specimens.map(Specimens.sample())).replace("\"count\": 3", "\"count\": 3000000000");
        assertEquals("count: expected a whole number from -2147483648 to 2147483647, got the number 3000000000",
                refusal(json, Sample.class));
    }

    @Test
    void pathsNameNestedFieldsAndListElements() {
        String json = Json.write(Specimens.map(Specimens.sample())).replace("\"y\": 1.0E-7", "\"y\": \"slow\"");
        assertEquals("points[1].y: expected a number, got text \"slow\"", refusal(json, Sample.class));
        String shapes = Json.write(Specimens.map(Specimens.sample())).replace("\"side\": 4", "\"side\": null");
        assertEquals("shapes[1].side: expected a whole number, got null", refusal(shapes, Sample.class));
    }

    @Test
    void anEnumIsOneOfItsLabels() {
        String json = Json.write(Specimens.map(Specimens.sample())).replace("\"deep-blue\"", "\"DEEP_BLUE\"");
        assertEquals("colour: expected one of red, deep-blue, got text \"DEEP_BLUE\"", refusal(json, Sample.class));
    }

    @Test
    void anOptionalIsEmptyWhenAbsentAndNullOnlyWhereNullIsWritten() {
        Sample s = Specimens.sample();
        String json = Json.write(Specimens.map(s));
        assertEquals(Optional.empty(), binder.read(json.replace("\"note\": \"ok\",", ""), Sample.class).note());
        assertEquals("note: expected text, got null", refusal(json.replace("\"note\": \"ok\"", "\"note\": null"),
                Sample.class));
        assertTrue(binder.read(json.replace("\"numaNode\": null,", ""), Sample.class).numaNode().isEmpty());
        assertEquals("median: expected a number, got null",
                refusal(json.replace("\"median\": 3.0", "\"median\": null"), Sample.class));
    }

    @Test
    void unknownKeysAreIgnoredForNewerWriters() {
        assertEquals(new Point(1, 2), binder.read("{\"x\": 1, \"y\": 2, \"z\": [1, {}]}", Point.class));
    }

    @Test
    void aSealedInterfaceBindsTheRecordItsDiscriminatorNames() {
        assertEquals(new Circle(1), binder.read("{\"kind\": \"circle\", \"radius\": 1}", Shape.class));
        assertEquals(new Square(2, Optional.empty()), binder.read("{\"side\": 2, \"kind\": \"square\"}", Shape.class));
        assertEquals("kind: expected one of circle, square, got text \"hexagon\"",
                refusal("{\"kind\": \"hexagon\"}", Shape.class));
        assertEquals("kind: expected one of circle, square, got nothing", refusal("{\"radius\": 1}", Shape.class));
        assertEquals("expected an object, got a list", refusal("[]", Shape.class));
    }

    @Test
    void aListIsAnArray() {
        String json = Json.write(Specimens.map(Specimens.sample())).replaceFirst("\"points\": \\[[^]]*]",
                "\"points\": {}");
        assertEquals("points: expected a list, got an object", refusal(json, Sample.class));
    }

    @Test
    void anObjectIsRequiredForARecord() {
        String json = Json.write(Specimens.map(Specimens.sample())).replace("\"origin\": {\n    \"x\": 0,\n    \"y\": 0.0\n  }",
                "\"origin\": 5");
        assertEquals("origin: expected an object, got the number 5", refusal(json, Sample.class));
    }

    @Test
    void aRecordsOwnCheckIsTheFieldsError() {
        assertEquals("expected 0 or more, got -1", refusal("{\"value\": -1}", Positive.class));
    }

    @Test
    void aGenericRecordBindsItsTypeArguments() {
        Boxes boxes = new Boxes(new Box<>("a", List.of("b")), new Box<>(new Point(1, 2), List.of()));
        assertEquals(boxes, binder.read(Json.write(boxes), Boxes.class));
        assertEquals("points.more[0]: expected an object, got text \"p\"",
                refusal("{\"words\": {\"value\": \"a\", \"more\": []},"
                        + " \"points\": {\"value\": {\"x\": 1, \"y\": 2}, \"more\": [\"p\"]}}", Boxes.class));
    }

    @Test
    void bindingStartsAtTheGivenPath() {
        BindingException e = assertThrows(BindingException.class, () -> binder.bind(
                new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"x\": null}"), Point.class,
                "devices[2].origin"));
        assertEquals("devices[2].origin.x", e.path());
        assertEquals("expected a whole number, got null", e.why());
    }

    @Test
    void typesOutsideTheRulesAreAProgrammingError() {
        IllegalArgumentException map = assertThrows(IllegalArgumentException.class,
                () -> binder.read("{\"map\": {\"a\": 1}}", WithMap.class));
        assertTrue(!(map instanceof BindingException), map.getMessage());
        IllegalArgumentException bare = assertThrows(IllegalArgumentException.class,
                () -> binder.read("{\"bare\": \"ONE\"}", WithBare.class));
        assertTrue(bare.getMessage().contains("implement Labelled"), bare.getMessage());
    }

    @Test
    void invalidJsonNamesTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> binder.read("{\n\"x\": 1,,", Point.class));
        assertTrue(e.getMessage().startsWith("invalid JSON at line 2"), e.getMessage());
    }

    @Test
    void aValueOrUnknownBindsEitherWay() {
        Specimens.Probe probe = new Specimens.Probe(OrUnknown.unknown("not supported"),
                OrUnknown.of(List.of(new Point(1, 2))));
        assertEquals(probe, binder.read(Json.write(probe), Specimens.Probe.class));
        assertEquals(new Specimens.Probe(OrUnknown.of(3L), OrUnknown.unknown("")),
                binder.read("{\"replays\": 3, \"points\": \"unknown: \"}", Specimens.Probe.class));
        assertEquals("replays: expected a whole number, got text \"unknow: x\"",
                refusal("{\"replays\": \"unknow: x\", \"points\": []}", Specimens.Probe.class));
        assertEquals("replays: expected a whole number, got null",
                refusal("{\"replays\": null, \"points\": []}", Specimens.Probe.class));
    }

    /** A recorder's whole record, or why there is none: written as the record or {@code "unavailable: <why>"}. */
    record Recorded(OrUnavailable<Point> evidence) {
    }

    @Test
    void aValueOrUnavailableBindsEitherWay() {
        Recorded none = new Recorded(OrUnavailable.unavailable("libnvidia-ml.so.1 not found"));
        assertEquals("{\"evidence\": \"unavailable: libnvidia-ml.so.1 not found\"}", Json.writeLine(none));
        assertEquals(none, binder.read(Json.write(none), Recorded.class));
        Recorded some = new Recorded(OrUnavailable.of(new Point(1, 2)));
        assertEquals(Json.writeLine(java.util.Map.of("evidence", new Point(1, 2))), Json.writeLine(some));
        assertEquals(some, binder.read(Json.write(some), Recorded.class));
        assertEquals("evidence: expected an object, got text \"unknown: x\"",
                refusal("{\"evidence\": \"unknown: x\"}", Recorded.class));
    }

    @Test
    void aColourIsWrittenAndBoundByLabel() {
        assertEquals(Colour.DEEP_BLUE, binder.read("\"deep-blue\"", Colour.class));
    }

    /** What an open interface's component stands for in these tests (a document's parameters, its rows). */
    interface Open {
    }

    record Speed(double gbps) implements Open {
    }

    record Verdict(String verdict) implements Open {
    }

    record Tagged(String command, @com.fasterxml.jackson.annotation.JsonUnwrapped Open row) implements Open {
    }

    record Envelope(Open parameters, java.util.List<? extends Open> results) {
    }

    record Pages(java.util.Map<String, Integer> pages) {
    }

    @Test
    void aMapOfTextKeysBindsInTheDocumentsOrderAndNamesABadValue() {
        Pages pages = binder.read("{\"pages\": {\"1\": 3, \"0\": 5}}", Pages.class);
        assertEquals(java.util.List.of("1", "0"), java.util.List.copyOf(pages.pages().keySet()));
        assertEquals(5, pages.pages().get("0"));
        assertEquals(pages, binder.read(Json.write(pages), Pages.class));
        assertEquals("pages.0: expected a whole number from -2147483648 to 2147483647, got text \"x\"",
                refusal("{\"pages\": {\"0\": \"x\"}}", Pages.class));
    }

    @Test
    void anInfiniteStddevWrittenAsNullBindsBackAsInfinity() {
        Summary s = new Summary(1, 1, 1, 1, Double.POSITIVE_INFINITY, 2);
        assertTrue(Json.write(s).contains("\"stddev\": null"), Json.write(s));
        assertEquals(s, binder.read(Json.write(s), Summary.class));
        assertEquals("median: expected a number, got null",
                refusal("{\"median\": null, \"min\": 1, \"max\": 1, \"mean\": 1, \"stddev\": 1, \"n\": 1}",
                        Summary.class));
    }

    @Test
    void anOpenInterfaceBindsAsTheRecordItsChoicePicks() {
        RecordBinder chosen = binder.choosing(Envelope.class, "parameters", Speed.class)
                .choosing(Envelope.class, "results", f -> f.has("command") ? Tagged.class : Speed.class)
                // Inline, the row is told by the keys its owner leaves: "command" is the owner's own.
                .choosing(Tagged.class, "row", f -> f.has("verdict") ? Verdict.class : null);
        Envelope e = new Envelope(new Speed(2), java.util.List.of(new Speed(1),
                new Tagged("check", new Verdict("fine"))));
        assertEquals(e, chosen.read(Json.write(e), Envelope.class));
        assertEquals("results[1]: not one of the kinds this document holds", assertThrows(BindingException.class,
                () -> chosen.read("{\"parameters\": {\"gbps\": 1}, \"results\": [{\"gbps\": 1}, "
                        + "{\"command\": \"overlap\"}]}", Envelope.class)).getMessage());
        assertEquals("results[0].gbps: expected a number, got null", assertThrows(BindingException.class,
                () -> chosen.read("{\"parameters\": {\"gbps\": 1}, \"results\": [{\"gbps\": null}]}",
                        Envelope.class)).getMessage());
        // Without a choice, an open interface is a programming error, never a silent guess.
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> binder.read(Json.write(e), Envelope.class));
        assertTrue(!(none instanceof BindingException), none.getMessage());
    }
}
