package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JSON as maps and lists, for tests that look into a written document or build one by hand:
 * Jackson's own untyped reading (objects as ordered maps, whole numbers as Long), and an ordered
 * map built inline. xfer itself reads documents into records ({@link RecordBinder}).
 */
public final class JsonMaps {
    private static final ObjectMapper UNTYPED = JsonMapper.builder()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS).build();

    private JsonMaps() {
    }

    /** @return a Map, List, String, Long, Double, Boolean, or {@code null} */
    public static Object parse(String text) {
        try {
            return UNTYPED.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    /**
     * A mutable ordered map from alternating keys and values: {@code object("name", "h2d", "bytes", 4096L)}.
     *
     * @throws IllegalArgumentException when the count is odd, a key is not a String, or a key repeats
     */
    public static Map<String, Object> object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must come in pairs, got "
                    + keysAndValues.length + " arguments");
        }
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (!(keysAndValues[i] instanceof String key)) {
                throw new IllegalArgumentException("argument " + i + " must be a String key, got "
                        + keysAndValues[i]);
            }
            if (object.containsKey(key)) {
                throw new IllegalArgumentException("key \"" + key + "\" repeats");
            }
            object.put(key, keysAndValues[i + 1]);
        }
        return object;
    }
}
