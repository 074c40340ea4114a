package dev.xfer.app.result;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.xfer.app.format.IoReason;
import dev.xfer.app.format.JsonSyntaxMessage;
import dev.xfer.app.format.NodeKind;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads what the gates check of an xfer document before binding it: its JSON (strict RFC 8259,
 * duplicate keys refused), its header (an object with a {@code schemaVersion} this xfer reads and
 * a {@code command} that holds results), and, for a document whose records do not bind, whether
 * it held any result row and who wrote it (NO RESULT rather than a bad document). Everything else
 * is bound into the records the command writes (documents/MeasuredDocument): the figures
 * (output/DocumentResults) and the status (documents/MeasuredStatus).
 */
public final class StatusReader {
    /** The newest schema this xfer reads; see output/DocumentSchema. */
    public static final int SCHEMA_VERSION = 1;

    /** Commands whose documents describe GPUs or other documents but hold no measured results. */
    private static final Set<String> NOT_MEASURING = Set.of("devices", "topo", "doctor", "fleet", "compare");

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // Numbers are kept as written, so 1e400 is reported as 1e400 (and refused), not read as Infinity.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /**
     * The JSON value of {@code text}, the content of {@code file}, not yet bound: {@link #document}
     * takes it.
     *
     * @throws DocumentException when it is not JSON
     */
    public Object tree(Path file, String text) {
        JsonNode root;
        try (JsonParser parser = mapper.getFactory().createParser(text)) {
            root = mapper.readTree(parser);
            if (parser.nextToken() != null) {
                throw new DocumentException(file, "not JSON: more text after the document");
            }
        } catch (JsonProcessingException e) {
            throw new DocumentException(file, "not JSON: invalid JSON at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ": " + JsonSyntaxMessage.plain(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new DocumentException(file, "cannot read: " + IoReason.of(e, file));
        }
        if (root == null) {
            throw new DocumentException(file, "not JSON: the file is empty");
        }
        return root;
    }

    /**
     * The status of a measuring document whose records did not bind and that holds no result row
     * ({@link #holdsResultRows}), or of a command this xfer does not know: who wrote it and where
     * (read only where they are text), and its results' shape, so a gate says NO RESULT by name.
     */
    public MeasuringDocument unbound(Path file, String command, Object parsed) {
        JsonNode doc = parsed instanceof JsonNode node ? node : mapper.valueToTree(parsed);
        if (MeasuringDocument.MEASURING.contains(command)) {
            // What a gate would misread as a pass is refused here too, rows or none.
            for (String flag : List.of("complete", "passed")) {
                JsonNode node = doc.get(flag);
                if (node != null && !node.isBoolean()) {
                    throw DocumentException.field(file, flag, "true or false", NodeKind.of(node));
                }
            }
            for (String list : List.of("failures", "expectations")) {
                JsonNode node = doc.get(list);
                if (node != null && !node.isArray()) {
                    throw DocumentException.field(file, list, "a list", NodeKind.of(node));
                }
            }
        }
        JsonNode context = doc.path("context");
        JsonNode from = context.isObject() ? context : doc;
        JsonNode results = doc.get("results");
        String shape = results == null ? "missing" : results.isNull() ? "null" : results.isArray() ? "list" : "other";
        MeasuringDocument.Part top = new MeasuringDocument.Part(true, Optional.empty(), Optional.empty(), List.of(),
                List.of(), new MeasuringDocument.Results(List.of(), shape), Optional.empty(), MeasuringDocument.Facts.NONE);
        return new MeasuringDocument(file, command, text(doc, "unusable"), text(from, "host"), text(from, "label"),
                text(from, "started"), top, List.of(), List.of(), List.of());
    }

    /**
     * Whether the document, one of its {@code devices} or one of its {@code runs} has a result row:
     * one that does not bind is then a bad document, never NO RESULT.
     */
    public boolean holdsResultRows(Object parsed) {
        JsonNode doc = parsed instanceof JsonNode node ? node : mapper.valueToTree(parsed);
        if (doc.path("results").isArray() && !doc.path("results").isEmpty()) {
            return true;
        }
        for (String nested : List.of("devices", "runs")) {
            for (JsonNode part : doc.path(nested)) {
                if (holdsResultRows(part)) {
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

    /**
     * The command of a document whose header the gates accept (an object, a schemaVersion this xfer
     * reads, a command that holds results), read no further.
     *
     * @throws DocumentException otherwise
     */
    public String command(Path file, Object parsed) {
        return header(file, parsed instanceof JsonNode node ? node : mapper.valueToTree(parsed));
    }

    /** The command of a document whose schemaVersion this xfer reads and whose command holds results. */
    private static String header(Path file, JsonNode doc) {
        if (!doc.isObject()) {
            throw new DocumentException(file, "not an xfer document: the top level is " + NodeKind.of(doc)
                    + ", not an object");
        }
        JsonNode versionNode = doc.get("schemaVersion");
        if (versionNode == null || versionNode.isNull()) {
            throw new DocumentException(file, "not an xfer document: no schemaVersion at the top");
        }
        if (!versionNode.isIntegralNumber() || !versionNode.canConvertToLong()) {
            throw DocumentException.field(file, "schemaVersion", "a whole number", NodeKind.of(versionNode));
        }
        long version = versionNode.longValue();
        if (version > SCHEMA_VERSION) {
            throw new DocumentException(file, "schemaVersion " + version + " is newer than this xfer reads ("
                    + SCHEMA_VERSION + "): use a newer xfer");
        }
        if (version < 1) {
            throw DocumentException.field(file, "schemaVersion", "1 to " + SCHEMA_VERSION, Long.toString(version));
        }
        JsonNode commandNode = doc.get("command");
        if (commandNode == null || commandNode.isNull()) {
            throw new DocumentException(file, "not an xfer document: no command at the top");
        }
        if (!commandNode.isTextual()) {
            throw DocumentException.field(file, "command", "a word", NodeKind.of(commandNode));
        }
        String command = commandNode.textValue();
        if (!IdentityField.isWord(command)) {
            throw DocumentException.field(file, "command", "a word of a-z, 0-9 and '-'", NodeKind.of(commandNode));
        }
        if (NOT_MEASURING.contains(command)) {
            throw new DocumentException(file, "not an xfer results document (" + command
                    + " documents carry no GPU results)");
        }
        return command;
    }
}
