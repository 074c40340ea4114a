package dev.xfer.app.format;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one way xfer's readers parse a document's JSON: duplicate keys refused (a second
 * {@code "median"} must not quietly win), floats kept as written (BigDecimal), so 1e400 is
 * reported as 1e400 and refused, never read as Infinity. A configured ObjectMapper is
 * thread-safe: one serves every reader.
 */
final class StrictJson {
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private StrictJson() {
    }
}
