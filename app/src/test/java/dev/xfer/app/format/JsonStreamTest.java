package dev.xfer.app.format;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A document streamed piece by piece is, byte for byte, what {@link Json#write} makes of the same tree. */
class JsonStreamTest {
    @Test
    void streamedIsWrittenWhole() throws IOException {
        Map<String, Object> row = Json.object("host", "a\n\"b\"\u202e\ud800", "value", 55.3, "z", Double.NaN,
                "nested", Json.object("list", List.of(1L, List.of(), Map.of()), "empty", Map.of()));
        Map<String, Object> whole = new LinkedHashMap<>();
        whole.put("schemaVersion", 1L);
        whole.put("ke\ty", "v");
        whole.put("groups", List.of(Json.object("rows", List.of(row, row), "none", List.of()), Json.object("rows", List.of())));
        whole.put("empty", Map.of());
        whole.put("passed", true);

        StringWriter out = new StringWriter();
        JsonStream doc = new JsonStream(out).beginObject();
        doc.field("schemaVersion", 1L).field("ke\ty", "v");
        doc.beginArray("groups");
        doc.beginObject(null).beginArray("rows").element(row).element(row).end().beginArray("none").end().end();
        doc.beginObject(null).beginArray("rows").end().end();
        doc.end();
        doc.beginObject("empty").end();
        doc.field("passed", true);
        doc.end().finish();

        assertEquals(Json.write(whole), out.toString());
    }

    @Test
    void anEmptyDocumentIsAsJsonWritesIt() throws IOException {
        StringWriter out = new StringWriter();
        new JsonStream(out).beginObject().end().finish();
        assertEquals(Json.write(new LinkedHashMap<>()), out.toString());
    }

    @Test
    void aDocumentLeftOpenIsNotFinished() throws IOException {
        JsonStream doc = new JsonStream(new StringWriter()).beginObject().beginArray("rows");
        assertThrows(IllegalStateException.class, doc::finish);
    }

    @Test
    void manyRowsGoOutAsTheyCome() throws IOException {
        List<Object> rows = new ArrayList<>();
        StringWriter out = new StringWriter();
        JsonStream doc = new JsonStream(out).beginObject().beginArray("rows");
        for (long i = 0; i < 1000; i++) {
            doc.element(Json.object("i", i));
            rows.add(Json.object("i", i));
            // Each row is out before the next is made: nothing waits for the end.
            assertEquals(true, out.toString().endsWith("\"i\": " + i + "\n    }"), out.toString().substring(Math.max(0, out.toString().length() - 40)));
        }
        doc.end().end().finish();
        assertEquals(Json.write(Json.object("rows", rows)), out.toString());
    }
}
