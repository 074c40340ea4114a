package dev.xfer.app.result;

import dev.xfer.app.units.ByteSize;


/**
 * The fields a result's identity may carry: every parameter that changes the measured number.
 * Every format iterates these in declaration order, so a new field is one constant here and
 * appears in result names, CSV keys and OpenMetrics labels without any format changing.
 *
 * <p>Each field shows itself in a result name as one segment that cannot be mistaken for
 * another field's: words (memory kinds, directions, schedules, ...) are shown as they are, and
 * the words of different fields never coincide (the engines' vocabularies are disjoint, which
 * {@code IdentityPropertiesTest} checks); sizes as {@link ByteSize#format()} writes them
 * ({@code 16MiB}: the upper case sets them apart); counts and indices after a word that names
 * them ({@code streams4}, {@code node1}, {@code src0}), which no word may look like.
 */
public enum IdentityField {
    /** The xfer command that wrote the document: {@code bandwidth}, {@code smoke}, ... */
    COMMAND("command", "command", Form.WORD),
    /** The measurement a composite command ran, e.g. smoke's {@code check} rows; absent otherwise. */
    PART("part", "part", Form.WORD),
    MEMORY("memory", "memory", Form.WORD),
    /** The copy path: {@code driver}, {@code staged}, {@code kernel}. */
    COPY("copy", "copy", Form.WORD),
    DIRECTION("direction", "direction", Form.WORD),
    /**
     * Which GPU issued a copy between GPUs: {@code read}, the one that receives the data. Absent
     * at the default, {@code write} (the GPU that holds the data), so the copies of documents
     * written before xfer measured the read form read as they always did.
     */
    INITIATION("initiation", "initiation", Form.WORD),
    SCHEDULE("schedule", "schedule", Form.WORD),
    SCENARIO("scenario", "scenario", Form.WORD),
    /**
     * batch's strategy. Its words meet other fields' ({@code staged} is also a copy path), so its
     * segment is tagged: {@code strategy-staged}.
     */
    STRATEGY("strategy", "strategy", Form.tagged("strategy")),
    /**
     * The timer, when it is not CUDA events ({@code wall}): events are the default, and an
     * identity drops a field at its default, so results timed by events carry no timer.
     */
    TIMER("timer", "timer", Form.WORD),
    /**
     * How overlap's and pipeline's timed runs start ({@code --start}): {@code gated}, the whole
     * schedule queued behind a gate before any of it runs. Absent at the default, {@code plain}
     * (async.cu's start), so documents written before the gated start read as they always did.
     */
    START("start", "start", Form.WORD),
    /** What latency's pointer chase reads: {@code host}, {@code device}, {@code peer}; tagged, as {@code device} is also a memory. */
    TARGET("target", "target", Form.tagged("target")),
    /** The order of a pointer chase ({@code random}); tagged, as {@code sequential} is also an overlap schedule. */
    ORDER("order", "order", Form.tagged("order")),
    /** How several GPUs copy at once, e.g. {@code concurrent}. */
    PATTERN("pattern", "pattern", Form.WORD),
    /** Bytes per copy. */
    BYTES("bytes", "bytes", Form.SIZE),
    ELEMENTS("elements", "elements", Form.counted("elements")),
    /** How many copies one measured run makes (batch's count, pipeline's batches). */
    COUNT("count", "count", Form.counted("count")),
    STREAMS("streams", "streams", Form.counted("streams")),
    /** Thread blocks of a copy kernel launch. */
    BLOCKS("blocks", "blocks", Form.counted("blocks")),
    /** Threads per block of a kernel launch (overlap's {@code blockSize}, the copy kernel's {@code threadsPerBlock}). */
    BLOCK_SIZE("block_size", "blockSize", Form.counted("block")),
    THREADS("threads", "threads", Form.counted("threads")),
    /** The copies one buffer is split into in one {@code cudaMemcpyBatchAsync} ({@code bandwidth --copy batch-api}). */
    PIECES("pieces", "pieces", Form.counted("pieces")),
    BUFFERS("buffers", "buffers", Form.counted("buffers")),
    KERNEL_ITERATIONS("kernel_iterations", "kernelIterations", Form.counted("kernel")),
    TRIALS("trials", "trials", Form.counted("trials")),
    /** Reads of one pointer chase. */
    ACCESSES("accesses", "accesses", Form.counted("accesses")),
    /** The GPU a latency chase reads from over peer access. */
    PEER("peer", "peer", Form.counted("peer")),
    /** The source GPU of a peer copy. */
    SRC("src", "src", Form.counted("src")),
    /** The destination GPU of a peer copy. */
    DST("dst", "dst", Form.counted("dst")),
    /** The GPU a row of a several-GPU run belongs to. */
    GPU("gpu", "gpu", Form.counted("gpu")),
    /** The NUMA node host memory was bound to. */
    NUMA_NODE("numa_node", "numaNode", Form.counted("node")),
    /** The measured quantity's field in the document: {@code gbps}, {@code microseconds}, ... */
    MEASURED("measured", "measured", Form.FIELD);

    private final String label;
    private final String jsonName;
    private final Form form;

    IdentityField(String label, String jsonName, Form form) {
        this.label = label;
        this.jsonName = jsonName;
        this.form = form;
    }

    /** The snake_case name: the OpenMetrics label and the CSV column. */
    public String label() {
        return label;
    }

    /** The name in documents (camelCase). */
    public String jsonName() {
        return jsonName;
    }

    /** Whether the value is a whole number (sizes, counts, indices) rather than a word. */
    public boolean numeric() {
        return form.kind == Kind.SIZE || form.kind == Kind.COUNTED;
    }

    /** This field's segment of a result name. */
    String segment(Object value) {
        return switch (form.kind) {
            case WORD -> (String) value;
            case TAGGED -> form.prefix + "-" + value;
            case FIELD -> ((String) value).replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
            case SIZE -> ByteSize.ofBytes((Long) value).format();
            case COUNTED -> form.prefix + value;
        };
    }

    /** Whether {@code word} can be a word value: a result name segment that no counted field's segment can equal. */
    public static boolean isWord(String word) {
        if (!WORD.matcher(word).matches()) {
            return false;
        }
        for (IdentityField field : values()) {
            if (field.form.kind == Kind.TAGGED && word.startsWith(field.form.prefix + "-")) {
                return false;
            }
            if (field.form.kind == Kind.COUNTED && word.startsWith(field.form.prefix)
                    && word.substring(field.form.prefix.length()).matches("[0-9]+")) {
                return false;
            }
        }
        return true;
    }

    private static final java.util.regex.Pattern WORD = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9-]*");

    /** Whether this field's segments carry their field's name, so its words may be another field's too. */
    boolean tagged() {
        return form.kind == Kind.TAGGED;
    }

    /** Whether {@code value} can be this field's value (a word, or for {@link #MEASURED} a document field name). */
    public boolean accepts(String value) {
        return form.kind == Kind.FIELD ? FIELD_NAME.matcher(value).matches() : isWord(value);
    }

    private static final java.util.regex.Pattern FIELD_NAME = java.util.regex.Pattern.compile("[a-z][a-zA-Z0-9]*");

    private enum Kind { WORD, TAGGED, FIELD, SIZE, COUNTED }

    private record Form(Kind kind, String prefix) {
        static final Form WORD = new Form(Kind.WORD, "");
        static final Form FIELD = new Form(Kind.FIELD, "");
        static final Form SIZE = new Form(Kind.SIZE, "");

        static Form tagged(String prefix) {
            return new Form(Kind.TAGGED, prefix);
        }

        static Form counted(String prefix) {
            return new Form(Kind.COUNTED, prefix);
        }
    }
}
