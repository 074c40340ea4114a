package dev.xfer.app.format;

import dev.xfer.app.format.Specimens.Point;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Inline}: a component's members written where it stands, and an inline record bound back. */
class InlineTest {
    record Labelled(String label, @Inline Point at, int rank) {
    }

    record Loose(String label, @Inline Map<String, Object> fields) {
    }

    record Clash(int x, @Inline Point at) {
    }

    record Wrong(@Inline List<String> items) {
    }

    @Test
    void anInlineRecordsMembersStandWhereItDoes() {
        assertEquals("{\"label\": \"a\", \"x\": 1, \"y\": 2.5, \"rank\": 3}",
                Json.writeLine(new Labelled("a", new Point(1, 2.5), 3)));
    }

    @Test
    void anInlineMapIsWrittenInItsOrderAsTheEquivalentMapWouldBe() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("z", 1);
        fields.put("a", List.of(true));
        Map<String, Object> flat = new LinkedHashMap<>();
        flat.put("label", "b");
        flat.putAll(fields);
        assertEquals(Json.write(flat), Json.write(new Loose("b", fields)));
        assertEquals("{\"label\": \"b\"}", Json.writeLine(new Loose("b", Map.of())));
    }

    @Test
    void aKeyTheEnclosingObjectHasIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.write(new Clash(1, new Point(2, 3))));
        assertTrue(e.getMessage().contains("\"x\" repeats"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Loose("c", Map.of("label", "d"))));
    }

    @Test
    void onlyARecordOrAMapMayBeInline() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Wrong(List.of())));
    }

    @Test
    void anInlineRecordBindsBackFromTheEnclosingObject() {
        Labelled l = new Labelled("a", new Point(1, 2.5), 3);
        assertEquals(l, new RecordBinder().read(Json.write(l), Labelled.class));
        BindingException e = assertThrows(BindingException.class,
                () -> new RecordBinder().read("{\"label\": \"a\", \"x\": 1, \"rank\": 3}", Labelled.class));
        assertEquals("y: expected a number, got nothing", e.getMessage());
    }
}
