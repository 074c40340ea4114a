package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.format.Specimens.Point;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code @JsonUnwrapped}: a component's members written where it stands, and an inline record bound back. */
class InlineTest {
    record Labelled(String label, @JsonUnwrapped Point at, int rank) {
    }

    record Clash(int x, @JsonUnwrapped Point at) {
    }

    record Wrong(@JsonUnwrapped List<String> items) {
    }

    @Test
    void anInlineRecordsMembersStandWhereItDoes() {
        assertEquals("{\"label\": \"a\", \"x\": 1, \"y\": 2.5, \"rank\": 3}",
                Json.writeLine(new Labelled("a", new Point(1, 2.5), 3)));
    }

    @Test
    void aKeyTheEnclosingObjectHasIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.write(new Clash(1, new Point(2, 3))));
        assertTrue(e.getMessage().contains("Duplicate field 'x'"), e.getMessage());
    }

    @Test
    void onlyARecordMayBeInline() {
        assertThrows(IllegalArgumentException.class, () -> new RecordBinder().read("{\"items\": []}", Wrong.class));
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
