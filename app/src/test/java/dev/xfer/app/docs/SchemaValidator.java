package dev.xfer.app.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates a JSON value (as {@code Json.parse} reads it: Map, List, String, Long, Double, Boolean,
 * null) against a JSON Schema (draft 2020-12) that uses only the keywords xfer's schema needs:
 * type, const, enum, properties, required, additionalProperties, propertyNames, pattern, items,
 * minimum, maximum, $ref (to "#/$defs/NAME"), $defs, oneOf, anyOf. A schema with any other keyword
 * is refused rather than half-checked; annotations ($schema, $id, title, description, $comment)
 * are read past.
 */
final class SchemaValidator {
    private static final Set<String> KEYWORDS = Set.of("type", "const", "enum", "properties", "required",
            "additionalProperties", "propertyNames", "pattern", "items", "minItems", "maxItems", "minimum", "maximum", "$ref", "$defs",
            "oneOf", "anyOf");
    private static final Set<String> ANNOTATIONS = Set.of("$schema", "$id", "title", "description", "$comment");

    private final Map<String, Object> root;

    SchemaValidator(Map<String, Object> root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    /** Every way {@code value} breaks the schema, each as "JSON pointer: problem"; empty when it is valid. */
    List<String> validate(Object value) {
        List<String> errors = new ArrayList<>();
        check(root, value, "", errors);
        return errors;
    }

    @SuppressWarnings("unchecked")
    private void check(Object schemaValue, Object value, String at, List<String> errors) {
        if (schemaValue instanceof Boolean b) {
            if (!b) {
                errors.add(at + ": not allowed here");
            }
            return;
        }
        if (!(schemaValue instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("a schema must be an object or a boolean, not " + schemaValue);
        }
        Map<String, Object> schema = (Map<String, Object>) schemaValue;
        for (String keyword : schema.keySet()) {
            if (!KEYWORDS.contains(keyword) && !ANNOTATIONS.contains(keyword)) {
                throw new IllegalArgumentException("schema keyword '" + keyword + "' is not supported by this validator");
            }
        }
        if (schema.containsKey("$ref")) {
            check(resolve((String) schema.get("$ref")), value, at, errors);
        }
        if (schema.containsKey("type") && !typeMatches(schema.get("type"), value)) {
            errors.add(at + ": " + describe(value) + " is not of type " + schema.get("type"));
            return;
        }
        if (schema.containsKey("const") && !sameJson(schema.get("const"), value)) {
            errors.add(at + ": " + describe(value) + " is not " + schema.get("const"));
        }
        if (schema.containsKey("enum")
                && ((List<Object>) schema.get("enum")).stream().noneMatch(option -> sameJson(option, value))) {
            errors.add(at + ": " + describe(value) + " is not one of " + schema.get("enum"));
        }
        if (value instanceof Number n && !(value instanceof Double d && d.isNaN())) {
            if (schema.containsKey("minimum") && n.doubleValue() < ((Number) schema.get("minimum")).doubleValue()) {
                errors.add(at + ": " + n + " is below the minimum " + schema.get("minimum"));
            }
            if (schema.containsKey("maximum") && n.doubleValue() > ((Number) schema.get("maximum")).doubleValue()) {
                errors.add(at + ": " + n + " is above the maximum " + schema.get("maximum"));
            }
        }
        if (value instanceof String s && schema.containsKey("pattern")
                && !Pattern.compile((String) schema.get("pattern")).matcher(s).find()) {
            errors.add(at + ": \"" + s + "\" does not match " + schema.get("pattern"));
        }
        if (value instanceof Map<?, ?> object) {
            checkObject(schema, (Map<String, Object>) object, at, errors);
        }
        if (value instanceof List<?> list && schema.get("minItems") instanceof Number min && list.size() < min.longValue()) {
            errors.add(at + ": " + list.size() + " items, fewer than " + min);
        }
        if (value instanceof List<?> list && schema.get("maxItems") instanceof Number max && list.size() > max.longValue()) {
            errors.add(at + ": " + list.size() + " items, more than " + max);
        }
        if (value instanceof List<?> list && schema.containsKey("items")) {
            for (int i = 0; i < list.size(); i++) {
                check(schema.get("items"), list.get(i), at + "/" + i, errors);
            }
        }
        if (schema.containsKey("anyOf")) {
            List<List<String>> branches = branches((List<Object>) schema.get("anyOf"), value, at);
            if (branches.stream().noneMatch(List::isEmpty)) {
                errors.add(at + ": matches none of anyOf: " + closest(branches));
            }
        }
        if (schema.containsKey("oneOf")) {
            List<List<String>> branches = branches((List<Object>) schema.get("oneOf"), value, at);
            long matching = branches.stream().filter(List::isEmpty).count();
            if (matching == 0) {
                errors.add(at + ": matches none of oneOf: " + closest(branches));
            } else if (matching > 1) {
                errors.add(at + ": matches " + matching + " branches of oneOf, not exactly one");
            }
        }
    }

    private void checkObject(Map<String, Object> schema, Map<String, Object> object, String at, List<String> errors) {
        @SuppressWarnings("unchecked")
        Map<String, Object> properties = (Map<String, Object>) schema.getOrDefault("properties", Map.of());
        if (schema.containsKey("required")) {
            for (Object name : (List<?>) schema.get("required")) {
                if (!object.containsKey((String) name)) {
                    errors.add(at + ": lacks required property \"" + name + "\"");
                }
            }
        }
        for (Map.Entry<String, Object> e : object.entrySet()) {
            String where = at + "/" + e.getKey().replace("~", "~0").replace("/", "~1");
            if (schema.containsKey("propertyNames")) {
                check(schema.get("propertyNames"), e.getKey(), where + " (name)", errors);
            }
            if (properties.containsKey(e.getKey())) {
                check(properties.get(e.getKey()), e.getValue(), where, errors);
            } else if (schema.containsKey("additionalProperties")) {
                check(schema.get("additionalProperties"), e.getValue(), where, errors);
            }
        }
    }

    private List<List<String>> branches(List<Object> schemas, Object value, String at) {
        List<List<String>> results = new ArrayList<>();
        for (Object branch : schemas) {
            List<String> branchErrors = new ArrayList<>();
            check(branch, value, at, branchErrors);
            results.add(branchErrors);
        }
        return results;
    }

    /** The errors of the branch that came nearest, so a message points at the real problem. */
    private static String closest(List<List<String>> branches) {
        return branches.stream().min((a, b) -> Integer.compare(a.size(), b.size()))
                .map(e -> String.join("; ", e)).orElse("(no branches)");
    }

    private Object resolve(String ref) {
        if (!ref.startsWith("#/$defs/")) {
            throw new IllegalArgumentException("only local references #/$defs/NAME are supported, not " + ref);
        }
        Object defs = root.get("$defs");
        Object target = defs instanceof Map<?, ?> m ? m.get(ref.substring("#/$defs/".length())) : null;
        if (target == null) {
            throw new IllegalArgumentException("the schema has no " + ref);
        }
        return target;
    }

    private static boolean typeMatches(Object type, Object value) {
        if (type instanceof List<?> types) {
            return types.stream().anyMatch(t -> typeMatches(t, value));
        }
        return switch ((String) type) {
            case "object" -> value instanceof Map<?, ?>;
            case "array" -> value instanceof List<?>;
            case "string" -> value instanceof String;
            case "boolean" -> value instanceof Boolean;
            case "null" -> value == null;
            case "number" -> value instanceof Long || value instanceof Double;
            // JSON Schema counts 1.0 as an integer: the value is what counts, not how it was written.
            case "integer" -> value instanceof Long
                    || value instanceof Double d && !d.isInfinite() && d == Math.rint(d);
            default -> throw new IllegalArgumentException("unknown type '" + type + "'");
        };
    }

    /** JSON equality: numbers by value (1 equals 1.0), everything else as Java equality. */
    private static boolean sameJson(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }

    private static String describe(Object value) {
        String text = value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
