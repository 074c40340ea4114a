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

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/**
 * Reads what the gates judge of an xfer document apart from its figures: its header (an object
 * with a {@code schemaVersion} this xfer reads and a {@code command} that holds results) and its
 * status ({@link MeasuringDocument}: complete, stopped, failures, expectations, smoke's checks,
 * each row's own check), bound strictly. The figures are bound into the records the command
 * writes (documents/MeasuredDocument) and taken from them (output/DocumentResults).
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
     * What the gates read of a document apart from its figures, bound strictly
     * ({@link MeasuringDocument}); {@code parsed} is {@link #tree}'s value or a value as the writers
     * build it. A document of a command outside {@link MeasuringDocument#MEASURING} (and not one
     * that never holds results) comes back with its header only.
     *
     * @throws DocumentException for a document that is not an xfer results document or has a bad field
     */
    public MeasuringDocument document(Path file, Object parsed) {
        JsonNode doc = parsed instanceof JsonNode node ? node : mapper.valueToTree(parsed);
        StrictFields at = new StrictFields(file);
        return new StatusBinding(at).bind(doc, header(at, doc));
    }

    /**
     * The command of a document whose header the gates accept (an object, a schemaVersion this xfer
     * reads, a command that holds results), read no further.
     *
     * @throws DocumentException otherwise
     */
    public String command(Path file, Object parsed) {
        return header(new StrictFields(file), parsed instanceof JsonNode node ? node : mapper.valueToTree(parsed));
    }

    /** The command of a document whose schemaVersion this xfer reads and whose command holds results. */
    private static String header(StrictFields at, JsonNode doc) {
        Path file = at.file();
        if (!doc.isObject()) {
            throw new DocumentException(file, "not an xfer document: the top level is " + StrictFields.kind(doc)
                    + ", not an object");
        }
        JsonNode versionNode = doc.get("schemaVersion");
        if (versionNode == null || versionNode.isNull()) {
            throw new DocumentException(file, "not an xfer document: no schemaVersion at the top");
        }
        if (!versionNode.isIntegralNumber() || !versionNode.canConvertToLong()) {
            throw at.wrong("schemaVersion", "a whole number", versionNode);
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
            throw at.wrong("command", "a word", commandNode);
        }
        String command = commandNode.textValue();
        if (!IdentityField.isWord(command)) {
            throw at.wrong("command", "a word of a-z, 0-9 and '-'", commandNode);
        }
        if (NOT_MEASURING.contains(command)) {
            throw new DocumentException(file, "not an xfer results document (" + command
                    + " documents carry no GPU results)");
        }
        return command;
    }
}
