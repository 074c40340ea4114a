package dev.xfer.app.output;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;

import java.util.LinkedHashMap;
import java.util.Map;

/** Typed documents as a reader of their files sees them, for tests that look at keys and values. */
public final class WrittenDocuments {
    private WrittenDocuments() {
    }

    /** {@code document} written and parsed back: its top level a mutable map in document order. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parsed(Object document) {
        return new LinkedHashMap<>((Map<String, Object>) JsonMaps.parse(Json.write(document)));
    }
}
