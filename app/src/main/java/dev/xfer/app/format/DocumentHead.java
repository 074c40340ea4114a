package dev.xfer.app.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Optional;

/**
 * What a reader checks of an xfer document's JSON ({@link RecordBinder#parse}'s tree) before
 * binding it into records: its header ({@code schemaVersion}, {@code command}), and, for a
 * document that holds no result rows, who wrote it and how its {@code results} stood, so a gate
 * names a document without results rather than refusing it. Everything else is bound into the
 * records the command writes ({@link RecordBinder}). Its checks stay hand-written because their
 * words are a document's, not a field's ({@code not an xfer document: no schemaVersion at the
 * top}), and a document without result rows is read no further than its types.
 *
 * @param command        the document's command
 * @param host           its context's host, or the top's (smoke's unusable document); empty when not text
 * @param resultsShape   {@code list}, {@code null}, {@code missing} or {@code other}
 * @param holdsResultRows whether the document, one of its {@code devices} or one of its {@code runs}
 *                       has a result row ({@code results}, or a row across devices: {@code p2p},
 *                       {@code concurrent}, {@code patterns}): one that does not bind is then a bad document
 */
public record DocumentHead(long schemaVersion, String command, Optional<String> host, Optional<String> label,
                           Optional<String> started, Optional<String> unusable, String resultsShape,
                           boolean holdsResultRows) {

    private static final List<String> ACROSS_DEVICES_AND_RESULTS = List.of("results", "p2p", "concurrent", "patterns");

    private static final ObjectMapper MAPPER = RecordBinder.MAPPER;

    /**
     * Refuses a document record built for another command: the command is the record's own
     * constant, so a fleet document never binds as a compare one.
     *
     * @throws IllegalArgumentException {@code expected "fleet", got "compare"}
     */
    public static void requireCommand(String expected, String command) {
        if (!expected.equals(command)) {
            throw new IllegalArgumentException("expected \"" + expected + "\", got \"" + command + "\"");
        }
    }

    /**
     * The head of {@code parsed}: {@link RecordBinder#parse}'s tree, or a value as the writers build it (maps,
     * lists, numbers, text).
     *
     * @throws BindingException for a document that is no xfer document: not an object, no
     *         {@code schemaVersion} or {@code command}, or either of the wrong type
     */
    public static DocumentHead of(Object parsed) {
        JsonNode doc = parsed instanceof JsonNode node ? node : MAPPER.valueToTree(parsed);
        if (!doc.isObject()) {
            throw new BindingException("", "not an xfer document: the top level is " + NodeKind.of(doc) + ", not an object");
        }
        JsonNode version = doc.get("schemaVersion");
        if (version == null || version.isNull()) {
            throw new BindingException("", "not an xfer document: no schemaVersion at the top");
        }
        if (!version.isIntegralNumber() || !version.canConvertToLong()) {
            throw BindingException.wrong("schemaVersion", "a whole number", NodeKind.of(version));
        }
        JsonNode command = doc.get("command");
        if (command == null || command.isNull()) {
            throw new BindingException("", "not an xfer document: no command at the top");
        }
        if (!command.isTextual()) {
            throw BindingException.wrong("command", "a word", NodeKind.of(command));
        }
        JsonNode context = doc.path("context");
        JsonNode from = context.isObject() ? context : doc;
        JsonNode results = doc.get("results");
        String shape = results == null ? "missing" : results.isNull() ? "null" : results.isArray() ? "list" : "other";
        return new DocumentHead(version.longValue(), command.textValue(), text(from, "host"), text(from, "label"),
                text(from, "started"), text(doc, "unusable"), shape, holdsRows(doc));
    }

    /**
     * Refuses, in a document read no further, what a gate would misread as a pass: {@code complete}
     * or {@code passed} that is not true or false, {@code failures}, {@code expectations},
     * {@code runs} or {@code devices} that is not a list (a bad type is exit 2 wherever it is, not
     * NO RESULT because the rows it would hold are not there).
     *
     * @throws BindingException naming the field
     */
    public static void checkStatusTypes(Object parsed) {
        JsonNode doc = parsed instanceof JsonNode node ? node : MAPPER.valueToTree(parsed);
        for (String key : List.of("complete", "passed", "failures", "expectations", "runs", "devices")) {
            JsonNode node = doc.get(key);
            boolean flag = key.equals("complete") || key.equals("passed");
            if (node != null && (flag ? !node.isBoolean() : !node.isArray())) {
                throw BindingException.wrong(key, flag ? "true or false" : "a list", NodeKind.of(node));
            }
        }
    }

    private static boolean holdsRows(JsonNode doc) {
        for (String rows : ACROSS_DEVICES_AND_RESULTS) {
            if (doc.path(rows).isArray() && !doc.path(rows).isEmpty()) {
                return true;
            }
        }
        for (String nested : List.of("devices", "runs")) {
            for (JsonNode part : doc.path(nested)) {
                if (holdsRows(part)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Optional<String> text(JsonNode parent, String key) {
        JsonNode node = parent.get(key);
        return node != null && node.isTextual() ? Optional.of(node.textValue()) : Optional.empty();
    }
}
