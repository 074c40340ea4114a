package dev.xfer.app.result;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.stats.Summary;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Reads an xfer results document, through Jackson data binding, into one {@link GpuResults} per
 * GPU it measured: a one-device document ({@code context} and {@code results}), a several-device
 * one ({@code devices}, each a one-device document, with {@code p2p} and {@code concurrent} rows
 * across them; {@code smoke} writes this shape too), or smoke's document for a node without a
 * usable GPU.
 *
 * <p>Strict: a field of the wrong type ({@code "bytes": "1048576"}, {@code 1.5}, a median of
 * {@code "fast"}) or out of range ({@code 2^70}, {@code -1}, a stream count of a million) is a
 * {@link DocumentException} naming the field and what was expected. Unknown fields are ignored:
 * a newer xfer may add optional fields without a new schema version.
 *
 * <p>A result's identity is built from its row's fields named as {@link IdentityField#jsonName()},
 * then from the document's {@code parameters} for fields the rows leave out (overlap's
 * {@code streams} and {@code elements}); each field of a row that holds a summary (an object with
 * a {@code median}) is one result.
 */
public final class ResultDocumentReader {
    /** The newest schema this xfer reads; see MeasuringCommand.SCHEMA_VERSION. */
    public static final int SCHEMA_VERSION = 1;

    /** Commands whose documents describe GPUs or other documents but hold no measured results. */
    private static final Set<String> NOT_MEASURING = Set.of("devices", "topo", "doctor", "fleet", "compare");

    /** Document fields (in rows or parameters) that name an identity field by another name. */
    private static final Map<String, IdentityField> ALIASES = Map.of(
            "batches", IdentityField.COUNT, "batchBytes", IdentityField.BYTES, "copies", IdentityField.COUNT,
            "threadsPerBlock", IdentityField.BLOCK_SIZE);

    /** Fields the document itself decides, never taken from a row or the parameters. */
    private static final Set<IdentityField> FROM_DOCUMENT = Set.of(IdentityField.COMMAND, IdentityField.PART,
            IdentityField.MEASURED);

    static final long MAX_SAMPLES = 1_000_000_000L;

    private final RecordBinder binder = new RecordBinder();

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            // Numbers are kept as written, so 1e400 is reported as 1e400 (and refused), not read as Infinity.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build();

    /** @throws DocumentException when the file cannot be read, is not JSON, not an xfer results document, or has a bad field */
    public List<GpuResults> read(Path file) {
        try {
            return parse(file, text(file));
        } catch (IOException e) {
            throw new DocumentException(file, "cannot read: " + dev.xfer.app.format.IoReason.of(e, file));
        }
    }

    /**
     * The GPU results of {@code text}, the content of {@code file} as read by the caller (fleet
     * reads it with a size cap).
     */
    public List<GpuResults> parse(Path file, String text) {
        return bind(file, tree(file, text));
    }

    /**
     * The JSON value of {@code text}, the content of {@code file}, not yet bound: {@link #document}
     * and {@link #bind(Path, Object)} take it. Numbers are kept as written (a double's range is
     * checked where a field is bound).
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
                    + ", column " + e.getLocation().getColumnNr() + ": " + dev.xfer.app.format.JsonSyntaxMessage.plain(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new DocumentException(file, "cannot read: " + dev.xfer.app.format.IoReason.of(e, file));
        }
        if (root == null) {
            throw new DocumentException(file, "not JSON: the file is empty");
        }
        return root;
    }

    /** The whole file as text, unbounded: fleet and compare read with a cap (fleet/DocumentText) and call {@link #parse}. */
    private static String text(Path file) throws IOException {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new DocumentException(file, "not JSON: not UTF-8 text");
        }
    }

    /** The GPU results of a document already in memory, such as the one a command just wrote. */
    public List<GpuResults> bind(Path file, Object document) {
        return bind(file, document instanceof JsonNode node ? node : mapper.valueToTree(document));
    }

    /**
     * What the gates read of a document apart from its figures, bound strictly
     * ({@link MeasuringDocument}). A document of a command outside
     * {@link MeasuringDocument#MEASURING} (and not one that never holds results) comes back with its
     * header only.
     *
     * @throws DocumentException for a document that is not an xfer results document or has a bad field
     */
    public MeasuringDocument document(Path file, Object parsed) {
        JsonNode doc = parsed instanceof JsonNode node ? node : mapper.valueToTree(parsed);
        FieldReader at = new FieldReader(file, mapper);
        String command = header(at, doc);
        return new StatusBinding(new StrictFields(file)).bind(doc, command);
    }

    /** The command of a document whose schemaVersion this xfer reads and whose command holds results. */
    private String header(FieldReader at, JsonNode doc) {
        Path file = at.file;
        if (!doc.isObject()) {
            throw new DocumentException(file, "not an xfer document: the top level is " + kind(doc) + ", not an object");
        }
        JsonNode versionNode = doc.get("schemaVersion");
        if (versionNode == null || versionNode.isNull()) {
            throw new DocumentException(file, "not an xfer document: no schemaVersion at the top");
        }
        long version = at.value(versionNode, "schemaVersion", Long.class, "a whole number");
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
        String command = at.word(commandNode, "command");
        if (NOT_MEASURING.contains(command)) {
            throw new DocumentException(file, "not an xfer results document (" + command + " documents carry no GPU results)");
        }
        return command;
    }

    private List<GpuResults> bind(Path file, JsonNode doc) {
        FieldReader at = new FieldReader(file, mapper);
        String command = header(at, doc);
        if (!doc.has("unusable") && !doc.has("context") && !doc.has("devices") && doc.get("runs") instanceof JsonNode runs
                && runs.isArray()) {
            return repetitions(at, command, doc.get("schemaVersion"), runs);
        }
        return gpus(at, "", command, doc);
    }

    /**
     * The GPU results of one document's content, its header read: {@code path} is where it sits
     * ({@code runs[2].} for a repetition of a --runs document, empty for the whole document).
     */
    private List<GpuResults> gpus(FieldReader at, String path, String command, JsonNode doc) {
        Path file = at.file;
        if (doc.has("unusable")) {
            String why = at.value(doc.get("unusable"), path + "unusable", String.class, "text");
            return List.of(new GpuResults(file, command, Optional.empty(),
                    at.optional(doc, "host", path + "host", String.class, "text").orElse("unknown"),
                    at.optional(doc, "label", path + "label", String.class, "text"),
                    at.optional(doc, "started", path + "started", String.class, "text").orElse(""), List.of(),
                    Optional.of(why)));
        }
        if (doc.has("context")) {
            return List.of(gpu(at, path, command, doc, Optional.empty()).build());
        }
        JsonNode devices = doc.get("devices");
        if (devices == null || !devices.isArray() || devices.isEmpty()) {
            throw new DocumentException(file, (path.isEmpty() ? "" : path.substring(0, path.length() - 1) + ": ")
                    + "no context: a " + command
                    + " document names the GPU its results ran on in \"context\" (or in \"devices\" for several GPUs)");
        }
        JsonNode parameters = doc.path("parameters");
        List<GpuBuilder> gpus = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            JsonNode device = devices.get(i);
            if (!device.isObject()) {
                throw DocumentException.field(file, path + "devices[" + i + "]", "an object", kind(device));
            }
            gpus.add(gpu(at, path + "devices[" + i + "].", command, device, Optional.of(parameters)));
        }
        across(at, path, command, doc, parameters, gpus);
        return gpus.stream().map(GpuBuilder::build).toList();
    }

    /**
     * A document written with {@code --runs N}: {@code runs} holds the document each repetition
     * would have written alone, of the same command and schema; each of its GPUs is one GpuResults,
     * with its repetition number, in order. A bad field is named with its place
     * ({@code runs[2].results[0].gbps.median}).
     */
    private List<GpuResults> repetitions(FieldReader at, String command, JsonNode schemaVersion, JsonNode runs) {
        Path file = at.file;
        if (runs.isEmpty()) {
            throw new DocumentException(file, "no runs: the " + command + " document's \"runs\" is empty");
        }
        List<GpuResults> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String path = "runs[" + i + "]";
            JsonNode run = runs.get(i);
            if (!run.isObject()) {
                throw DocumentException.field(file, path, "an object", kind(run));
            }
            if (run.has("runs") && !run.has("context") && !run.has("devices")) {
                throw DocumentException.field(file, path, "one repetition's document", "runs within runs");
            }
            JsonNode version = run.get("schemaVersion");
            if (version == null || !version.isIntegralNumber() || version.asLong() != schemaVersion.asLong()) {
                throw DocumentException.field(file, path + ".schemaVersion", schemaVersion + " as at the top",
                        version == null ? "nothing" : version.toString());
            }
            JsonNode own = run.get("command");
            if (own == null || !own.isTextual() || !own.textValue().equals(command)) {
                throw DocumentException.field(file, path + ".command", "\"" + command + "\" as at the top",
                        own == null ? "nothing" : own.toString());
            }
            for (GpuResults gpu : gpus(at, path + ".", command, run)) {
                out.add(gpu.asRepetition(i + 1));
            }
        }
        return out;
    }

    /** One GPU's document: its context and its rows. */
    private GpuBuilder gpu(FieldReader at, String path, String command, JsonNode doc, Optional<JsonNode> outerParameters) {
        JsonNode contextNode = doc.get("context");
        if (contextNode == null || !contextNode.isObject()) {
            throw DocumentException.field(at.file, path + "context", "an object naming where the results ran",
                    contextNode == null ? "nothing" : kind(contextNode));
        }
        DocumentJson.Context context = at.value(contextNode, path + "context", DocumentJson.Context.class, "an object");
        if (context.host() == null) {
            throw DocumentException.field(at.file, path + "context.host", "the host name", "nothing");
        }
        DocumentJson.Device device = context.device();
        if (device == null || device.name() == null) {
            throw DocumentException.field(at.file, path + "context.device", "the GPU with its name", "nothing");
        }
        OptionalInt index = OptionalInt.empty();
        if (device.index() != null) {
            at.range(path + "context.device.index", device.index(), 0, Limits.MAX_DEVICE_INDEX);
            index = OptionalInt.of(device.index());
        }
        GpuContext gpu = new GpuContext(context.host(), Optional.ofNullable(context.label()),
                context.started() == null ? "" : context.started(), index, device.name(),
                Optional.ofNullable(device.uuid()), device.pciBusId() == null ? "unknown" : device.pciBusId(),
                link(at, path + "context.device.", device));
        JsonNode parameters = doc.has("parameters") ? doc.get("parameters") : outerParameters.orElse(mapper.missingNode());
        GpuBuilder builder = new GpuBuilder(at.file, command, gpu);
        builder.disturbances.addAll(disturbances(at, path, doc));
        JsonNode results = doc.get("results");
        if (results != null && !results.isNull()) {
            if (!results.isArray()) {
                throw DocumentException.field(at.file, path + "results", "a list of results", kind(results));
            }
            for (int i = 0; i < results.size(); i++) {
                builder.results.addAll(row(at, path + "results[" + i + "]", command, results.get(i), parameters,
                        Map.of()));
            }
        }
        return builder;
    }

    /** The rows of a several-device document that span its GPUs: peer copies, concurrent runs and pattern rounds. */
    private void across(FieldReader at, String prefix, String command, JsonNode doc, JsonNode parameters,
                        List<GpuBuilder> gpus) {
        JsonNode p2p = doc.path("p2p");
        for (int i = 0; i < p2p.size(); i++) {
            String path = prefix + "p2p[" + i + "]";
            JsonNode row = p2p.get(i);
            long src = at.value(row.path("src"), path + ".src", Long.class, "a device index");
            at.range(path + ".src", src, 0, Limits.MAX_DEVICE_INDEX);
            gpuOf(at, path + ".src", gpus, src).results.addAll(row(at, path, command, row, parameters,
                    Map.of(IdentityField.DIRECTION, "p2p")));
        }
        JsonNode patterns = doc.path("patterns");
        for (int i = 0; i < patterns.size(); i++) {
            // A round's results (the measured figure and the aggregate) belong to the GPU it measured,
            // as a one-device row does: no GPU index in their identity.
            String path = prefix + "patterns[" + i + "]";
            JsonNode row = patterns.get(i);
            long device = at.value(row.path("device"), path + ".device", Long.class, "a device index");
            at.range(path + ".device", device, 0, Limits.MAX_DEVICE_INDEX);
            gpuOf(at, path + ".device", gpus, device).results.addAll(row(at, path, command, row, parameters,
                    Map.of()));
        }
        JsonNode concurrent = doc.path("concurrent");
        for (int i = 0; i < concurrent.size(); i++) {
            String path = prefix + "concurrent[" + i + "]";
            JsonNode row = concurrent.get(i);
            JsonNode each = row.path("gpus");
            for (int g = 0; g < each.size(); g++) {
                String gpuPath = path + ".gpus[" + g + "]";
                JsonNode one = each.get(g);
                long device = at.value(one.path("device"), gpuPath + ".device", Long.class, "a device index");
                at.range(gpuPath + ".device", device, 0, Limits.MAX_DEVICE_INDEX);
                gpuOf(at, gpuPath + ".device", gpus, device).results.addAll(
                        row(at, gpuPath, command, merged(row, one), parameters,
                                Map.of(IdentityField.PATTERN, "concurrent", IdentityField.GPU, device)));
            }
            // The aggregate belongs to no one GPU: it is kept with the first, told apart by its measured field.
            com.fasterxml.jackson.databind.node.ObjectNode aggregate = row.deepCopy();
            aggregate.remove("gpus");
            gpus.getFirst().results.addAll(row(at, path, command, aggregate, parameters,
                    Map.of(IdentityField.PATTERN, "concurrent")));
        }
    }

    /** A concurrent run's per-GPU entry with its run's identifying fields. */
    private static JsonNode merged(JsonNode run, JsonNode gpu) {
        com.fasterxml.jackson.databind.node.ObjectNode out = gpu.deepCopy();
        run.properties().forEach(e -> {
            if (!e.getKey().equals("gpus") && !out.has(e.getKey()) && !isSummary(e.getValue())) {
                out.set(e.getKey(), e.getValue());
            }
        });
        out.remove("device");
        return out;
    }

    private static GpuBuilder gpuOf(FieldReader at, String path, List<GpuBuilder> gpus, long index) {
        return gpus.stream().filter(g -> g.gpu.index().isPresent() && g.gpu.index().getAsInt() == index).findFirst()
                .orElseThrow(() -> DocumentException.field(at.file, path, "one of the document's devices",
                        Long.toString(index)));
    }

    /** The results of one row: one per field holding a summary, and check's wrong-trial count. */
    private List<Result> row(FieldReader at, String path, String command, JsonNode row, JsonNode parameters,
                             Map<IdentityField, Object> given) {
        if (!row.isObject()) {
            throw DocumentException.field(at.file, path, "an object", kind(row));
        }
        Identity.Builder identity = new Identity.Builder().with(IdentityField.COMMAND, command);
        if (row.has("command")) {
            String part = at.word(row.get("command"), path + ".command");
            if (!part.equals(command)) {
                identity.with(IdentityField.PART, part);
            }
        }
        EnumMap<IdentityField, Object> fields = new EnumMap<>(IdentityField.class);
        fields.putAll(parameterFields(at, parameters));
        fields.putAll(rowFields(at, path, row));
        fields.putAll(given);
        if (fields.containsKey(IdentityField.DIRECTION) && !fields.containsKey(IdentityField.COPY)) {
            // Rows written before the copy path was recorded, and the driver's rows today, are cudaMemcpyAsync.
            fields.put(IdentityField.COPY, "driver");
        }
        fields.forEach((field, value) -> {
            if (value instanceof Long n) {
                identity.with(field, n);
            } else {
                identity.with(field, (String) value);
            }
        });
        CheckOutcome check = check(at, path, row);
        java.util.Optional<HostAllocations> spread = allocations(row.get("allocations"));
        List<Result> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = row.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String field = e.getKey();
            if (isSummary(e.getValue())) {
                if (!IdentityField.MEASURED.accepts(field)) {
                    throw DocumentException.field(at.file, path, "measured fields named in camelCase",
                            "a field named " + mapper.getNodeFactory().textNode(field));
                }
                Quantity quantity = Quantity.of(field).orElseGet(() -> Quantity.unknown(field));
                out.add(new Result(identity.with(IdentityField.MEASURED, field).build(), quantity,
                        Summaries.statistics(new StrictFields(at.file), path + "." + field, e.getValue(), quantity), check, spread));
            }
        }
        if (row.has("wrongTrials")) {
            long wrong = at.value(row.get("wrongTrials"), path + ".wrongTrials", Long.class, "a whole number");
            at.range(path + ".wrongTrials", wrong, 0, MAX_SAMPLES);
            out.add(new Result(identity.with(IdentityField.MEASURED, "wrongTrials").build(),
                    Quantity.of("wrongTrials").orElseThrow(), Summary.single(wrong), check));
        }
        return out;
    }

    /**
     * {@code "allocations": {"count": k, "best": GB/s, "worst": GB/s}}: the k separately allocated
     * host buffers the row's figures are the best of; their spread holds for the result's time
     * too, which is the same copy. Empty for one allocation or none recorded.
     */
    private static java.util.Optional<HostAllocations> allocations(JsonNode allocations) {
        if (allocations != null && allocations.isObject() && allocations.path("count").canConvertToLong()
                && allocations.path("count").asLong() >= 2 && allocations.path("best").isNumber()
                && allocations.path("worst").isNumber()) {
            double best = allocations.path("best").asDouble();
            double worst = allocations.path("worst").asDouble();
            if (best > 0 && worst >= 0 && worst <= best) {
                return java.util.Optional.of(new HostAllocations(allocations.path("count").asLong(), best, worst));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * A measured field's summary: an object with a {@code median} or an {@code n}, so that a
     * summary missing its median is refused rather than passed over.
     */
    static boolean isSummary(JsonNode node) {
        return node.isObject() && (node.has("median") || node.has("n"));
    }

    private Map<IdentityField, Object> rowFields(FieldReader at, String path, JsonNode row) {
        Map<IdentityField, Object> fields = new EnumMap<>(IdentityField.class);
        row.properties().forEach(e -> {
            IdentityField field = field(e.getKey());
            JsonNode value = e.getValue();
            if (field == null || FROM_DOCUMENT.contains(field) || value.isNull()) {
                return;
            }
            fields.put(field, at.identityValue(path + "." + e.getKey(), field, value));
        });
        return fields;
    }

    /**
     * Fields the document's parameters fix for every row: scalars named as an identity field (or
     * an alias); lists (the sweep's sizes) and the NUMA node choice ({@code "all"}) are the rows' own.
     */
    private Map<IdentityField, Object> parameterFields(FieldReader at, JsonNode parameters) {
        Map<IdentityField, Object> fields = new EnumMap<>(IdentityField.class);
        if (!parameters.isObject()) {
            return fields;
        }
        parameters.properties().forEach(e -> {
            IdentityField field = field(e.getKey());
            JsonNode value = e.getValue();
            if (field == null || FROM_DOCUMENT.contains(field) || field == IdentityField.NUMA_NODE
                    || value.isNull() || value.isContainerNode()) {
                return;
            }
            fields.put(field, at.identityValue("parameters." + e.getKey(), field, value));
        });
        return fields;
    }

    /** The identity field a document field names, or null. */
    private static IdentityField field(String name) {
        if (ALIASES.containsKey(name)) {
            return ALIASES.get(name);
        }
        for (IdentityField field : IdentityField.values()) {
            if (field.jsonName().equals(name)) {
                return field;
            }
        }
        return null;
    }

    private CheckOutcome check(FieldReader at, String path, JsonNode row) {
        for (String flag : List.of("verified", "withinTolerance")) {
            if (row.has(flag) && !row.get(flag).isNull()) {
                boolean ok = at.value(row.get(flag), path + "." + flag, Boolean.class, "true or false");
                if (!ok) {
                    return CheckOutcome.failed(flag.equals("verified") ? "data came back wrong" : "error above tolerance");
                }
                return CheckOutcome.PASSED;
            }
        }
        if (row.has("verdict")) {
            String verdict = at.value(row.get("verdict"), path + ".verdict", String.class, "text");
            return verdict.equals("broken") ? CheckOutcome.failed("wrong data despite synchronization")
                    : CheckOutcome.PASSED;
        }
        return CheckOutcome.NOT_CHECKED;
    }

    private static Optional<GpuContext.Link> link(FieldReader at, String path, DocumentJson.Device device) {
        DocumentJson.Link now = device.linkCurrent();
        DocumentJson.Link max = device.linkMax();
        if (now == null || max == null) {
            return Optional.empty();
        }
        int[] parts = {part(at, path + "linkCurrent.generation", now.generation(), Limits.MAX_LINK_GENERATION),
                part(at, path + "linkCurrent.width", now.width(), Limits.MAX_LINK_WIDTH),
                part(at, path + "linkMax.generation", max.generation(), Limits.MAX_LINK_GENERATION),
                part(at, path + "linkMax.width", max.width(), Limits.MAX_LINK_WIDTH)};
        for (int p : parts) {
            if (p == 0) {
                return Optional.empty(); // sysfs said nothing useful: unknown, not healthy
            }
        }
        return Optional.of(new GpuContext.Link(parts[0], parts[1], parts[2], parts[3]));
    }

    private static int part(FieldReader at, String path, Integer value, int max) {
        if (value == null) {
            return 0;
        }
        at.range(path, value, 0, max);
        return value;
    }

    private static String kind(JsonNode node) {
        return StrictFields.kind(node);
    }

    /**
     * A GPU entry's {@code disturbances}: each a known {@code kind}, its {@code detail} and that
     * kind's {@code evidence}, bound strictly into its record; absent in documents written before
     * xfer recorded evidence.
     */
    private List<Disturbance> disturbances(FieldReader at, String path, JsonNode doc) {
        JsonNode list = doc.get("disturbances");
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw DocumentException.field(at.file, path + "disturbances", "a list", kind(list));
        }
        List<Disturbance> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            try {
                out.add(binder.bind(list.get(i), Disturbance.class, path + "disturbances[" + i + "]"));
            } catch (BindingException e) {
                throw DocumentException.of(at.file, e);
            }
        }
        return out;
    }

    private static final class GpuBuilder {
        final Path file;
        final String command;
        final GpuContext gpu;
        final List<Result> results = new ArrayList<>();
        final List<Disturbance> disturbances = new ArrayList<>();

        GpuBuilder(Path file, String command, GpuContext gpu) {
            this.file = file;
            this.command = command;
            this.gpu = gpu;
        }

        GpuResults build() {
            return new GpuResults(file, command, Optional.of(gpu), gpu.host(), gpu.label(), gpu.started(), results,
                    Optional.empty(), disturbances);
        }
    }
}
