package dev.xfer.app.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Typed access to one document's fields through Jackson data binding, each failure one
 * {@link DocumentException} naming the file and field in plain words.
 */
final class FieldReader {
    final Path file;
    private final ObjectMapper mapper;

    FieldReader(Path file, ObjectMapper mapper) {
        this.file = file;
        this.mapper = mapper;
    }

    <T> T value(JsonNode node, String field, Class<T> type, String expected) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            throw DocumentException.field(file, field, expected, StrictFields.kind(node));
        }
        try {
            T value = mapper.treeToValue(node, type);
            if (value == null) {
                throw DocumentException.field(file, field, expected, StrictFields.kind(node));
            }
            return value;
        } catch (MismatchedInputException e) {
            throw DocumentException.field(file, where(field, e), expected(e, expected), got(node, e));
        } catch (JsonMappingException e) {
            throw DocumentException.field(file, where(field, e), expected, got(node, e));
        } catch (JsonProcessingException e) {
            // Jackson's own range check: a number beyond the target type (2^70 for a long).
            throw DocumentException.field(file, where(field, e), expected + " in range", got(node, e));
        } catch (IllegalArgumentException e) {
            throw DocumentException.field(file, field, expected, StrictFields.kind(node));
        }
    }

    <T> Optional<T> optional(JsonNode doc, String key, String field, Class<T> type, String expected) {
        JsonNode node = doc.get(key);
        return node == null || node.isNull() ? Optional.empty() : Optional.of(value(node, field, type, expected));
    }

    String word(JsonNode node, String field) {
        String word = value(node, field, String.class, "a word");
        if (!IdentityField.isWord(word)) {
            throw DocumentException.field(file, field, "a word of a-z, 0-9 and '-'", StrictFields.kind(node));
        }
        return word;
    }

    Object identityValue(String field, IdentityField identityField, JsonNode node) {
        if (!identityField.numeric()) {
            return word(node, field);
        }
        long value = value(node, field, Long.class, "a whole number");
        Limits.Range range = Limits.of(identityField);
        range(field, value, range.min(), range.max());
        return value;
    }

    void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw DocumentException.field(file, field, "a whole number from " + min + " to " + max, Long.toString(value));
        }
    }

    private String where(String field, JsonProcessingException e) {
        StringBuilder path = new StringBuilder(field);
        if (e instanceof JsonMappingException m) {
            for (JsonMappingException.Reference r : m.getPath()) {
                path.append(r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]");
            }
        }
        return path.toString();
    }

    private String expected(MismatchedInputException e, String otherwise) {
        Class<?> type = e.getTargetType();
        if (type == null || e.getPath().isEmpty()) {
            return otherwise;
        }
        if (type == Long.class || type == Integer.class || type == long.class || type == int.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "text";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        return otherwise;
    }

    private String got(JsonNode root, JsonProcessingException e) {
        JsonNode node = root;
        if (e instanceof JsonMappingException m) {
            for (JsonMappingException.Reference r : m.getPath()) {
                node = r.getFieldName() != null ? node.path(r.getFieldName()) : node.path(r.getIndex());
            }
        }
        return StrictFields.kind(node);
    }
}
