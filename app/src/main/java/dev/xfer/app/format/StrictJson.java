package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;

/**
 * The one way xfer's readers parse a document's JSON and bind it to records: duplicate keys
 * refused (a second {@code "median"} must not quietly win), floats kept as written (BigDecimal),
 * so 1e400 is reported as 1e400 and refused, never read as Infinity. A configured ObjectMapper is
 * thread-safe: one serves every reader.
 */
final class StrictJson {
    /**
     * The deepest nesting read: as deep as {@link Json} writes; xfer's documents are about ten
     * levels deep. Deeper input is refused naming this limit, by every reader alike.
     */
    static final int MAX_DEPTH = Json.MAX_DEPTH;

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
            // Binding (RecordBinder): the records as Json writes them. Unknown keys are
            // ignored, for documents of a newer xfer. StrictValues refuses a null, an absent key,
            // a coercion ("1" for a number, 1.5 for an int) and a non-finite number in its own
            // words; these features refuse whatever it would miss. Not FAIL_ON_MISSING_CREATOR_PROPERTIES:
            // it refuses an absent Optional too, which the writer leaves out when empty.
            .addModule(new Jdk8Module())
            .addModule(new StrictValues())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    /**
     * Binds a tree {@link #MAPPER} parsed. Without USE_BIG_DECIMAL_FOR_FLOATS: a float of the tree
     * is already a BigDecimal (or a negative zero's double, which a BigDecimal would make 0), and
     * an open part is read again as a tree on its way to its record.
     */
    static final ObjectReader BINDING = MAPPER.reader().without(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private StrictJson() {
    }

    /**
     * A parser's refusal as one line: {@code invalid JSON at line L, column C: why}, or without the
     * place where the parser gives none (a limit's refusal comes without a location).
     */
    static String invalid(JsonLocation at, String why) {
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return "invalid JSON" + where + ": " + why;
    }
}
