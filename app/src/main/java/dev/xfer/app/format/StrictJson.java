package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
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
    /**
     * The deepest nesting read: as deep as {@link JsonWriter} writes; xfer's documents are about ten
     * levels deep. Deeper input is refused naming this limit, by every reader alike.
     */
    static final int MAX_DEPTH = JsonWriter.MAX_DEPTH;

    /**
     * The longest string read, in characters: Jackson's own default, named here so that every
     * reader refuses a longer one with the same line (a label or a failure line is a few hundred).
     */
    static final int MAX_STRING = 20_000_000;

    /** The limits every reader parses with; beyond them, one line naming the limit (exit 2). */
    static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH).maxStringLength(MAX_STRING).build();

    static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(LIMITS).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private StrictJson() {
    }

    /**
     * A parser's refusal as one line: {@code invalid JSON at line L, column C: why}, or without the
     * place where the parser gives none (a limit's refusal comes without a location).
     */
    static String invalid(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return "invalid JSON" + where + ": " + JsonSyntaxMessage.plain(e.getOriginalMessage());
    }
}
