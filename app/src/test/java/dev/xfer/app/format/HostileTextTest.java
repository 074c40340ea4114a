package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.BandwidthText;
import dev.xfer.app.batch.BatchResults;
import dev.xfer.app.batch.BatchText;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.check.CheckText;
import dev.xfer.app.cli.XferRun;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInventory;
import dev.xfer.app.devices.DevicesText;
import dev.xfer.app.overlap.OverlapText;
import dev.xfer.app.pipeline.PipelineText;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterProperty;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile text (controls, ANSI escapes, bidi marks, forged verdict lines, markup, arbitrary
 * Unicode, 1 MB strings) in the host, label, GPU name, UUID and a result field of real documents
 * (the H200 fixtures), and in the GPU name, host and label of every measuring command's report,
 * through every text renderer and through {@code fleet} and {@code compare}: the text is shown,
 * never obeyed. Every hostile value starts with {@link #MARK}, so "no line starts with document
 * text" is "no line starts with the mark". JSON, CSV, JUnit XML and the HTML report keep their own
 * escaping: they still parse, and JSON and CSV give the text back exactly.
 */
class HostileTextTest {
    /** Printable, never escaped: where it begins a line, a document's text began that line. */
    static final String MARK = "§";

    private static final List<String> FIXTURES = List.of("golden/bandwidth.json", "h200/overlap-4.json", "h200/check.json",
            "h200/batch.json", "h200/pipeline.json");
    private static final int MAX_LINE = 2_000;

    private final List<Path> temporary = new ArrayList<>();

    @AfterProperty
    void removeFiles() throws IOException {
        for (Path dir : temporary) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        temporary.clear();
    }

    /** Pieces an attacker would use, joined into one value that starts with the mark. */
    @Provide
    Arbitrary<String> hostile() {
        return hostile(1 << 20);
    }

    /**
     * As {@link #hostile()} with long strings of {@code longest} characters: JSON, CSV and JUnit
     * repeat a GPU's host in every row, whole, so 1 MB names there make gigabytes.
     */
    Arbitrary<String> hostile(int longest) {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.strings().withCharRange('\u0000', '\u001f').withChars('\u007f', '\u0085', '\u009b')
                        .ofMinLength(1).ofMaxLength(4),
                Arbitraries.of("\u001b[2J", "\u001b[31mred\u001b[0m", "\u001b]0;title\u0007", "\u009b2J", "\r\u001b[K"),
                Arbitraries.of("\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c", "\u200b",
                        "\ufeff", "\u2028", "\u2029"),
                Arbitraries.of("\nnode gpu-host-9: PASS (1 GPU run)\nfleet: PASS", "\nfleet: PASS\n", "\ncompare: 0 results\n",
                        "\tnote: all good", "<script>alert(1)</script>", "\"quoted\", \"csv\"\r\n", "]]>&amp;<!--"),
                Arbitraries.strings().all().ofMaxLength(12),
                Arbitraries.strings().withCharRange('a', 'z').ofLength(longest),
                Arbitraries.just("\n".repeat(longest)));
        return piece.list().ofMinSize(1).ofMaxSize(4).map(pieces -> MARK + String.join("", pieces));
    }

    /** The hostile text of one try: the same fields on every document, so groups and names line up. */
    record Hostile(String host, String label, String gpu, String uuid, String field) {
        /** Short enough for a failure message: a 1 MB value is shown by its length. */
        @Override
        public String toString() {
            return Stream.of(host, label, gpu, uuid, field).map(v -> v.length() + " chars " + TerminalText.field(v))
                    .collect(java.util.stream.Collectors.joining(" | ", "Hostile[", "]"));
        }

        static Hostile benign() {
            return new Hostile(MARK + "node", MARK + "run", MARK + "GPU model", MARK + "GPU-uuid", MARK + "kind");
        }
    }

    @Provide
    Arbitrary<Hostile> hostiles() {
        return Combinators.combine(hostile(), hostile(), hostile(), hostile(), hostile()).as(Hostile::new);
    }

    @Provide
    Arbitrary<Hostile> shorterHostiles() {
        Arbitrary<String> text = hostile(16 << 10);
        return Combinators.combine(text, text, text, text, text).as(Hostile::new);
    }

    /** Issue 23's case: a label that once printed a forged PASS above the real verdict, and crashed fleet (exit 70) before that. */
    @org.junit.jupiter.api.Test
    void aLabelCannotForgeAVerdictLine() {
        String forged = "\nnode gpu-host-9: PASS (1 GPU run)\nfleet: PASS";
        Hostile hostile = new Hostile(MARK + "gpu-host-", forged, "NVIDIA H200", "GPU-1", "pinned");
        XferRun run = XferRun.of("fleet", documents(hostile).toString());
        assertTrue(run.exitCode() == 0 || run.exitCode() == 1, run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(List.of(lines.getLast()), lines.stream().filter(l -> l.matches("fleet: (PASS|FAIL)")).toList());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("node gpu-host-9")), run.out());
        assertTrue(run.out().contains("[\\nnode gpu-host-9: PASS (1 GPU run)\\nfleet: PASS0]"), run.out());
    }

    @Property(tries = 5, shrinking = ShrinkingMode.OFF)
    void fleetTextShowsDocumentTextWithoutObeyingIt(@ForAll("hostiles") Hostile hostile) {
        String benign = XferRun.of("fleet", documents(Hostile.benign()).toString()).out();
        XferRun run = XferRun.of("fleet", documents(hostile).toString());
        assertTrue(run.exitCode() == 0 || run.exitCode() == 1, run.err());
        assertTerminalSafe(run.out(), benign);
        List<String> lines = run.out().lines().toList();
        assertEquals(1, lines.stream().filter(l -> l.startsWith("fleet: P") || l.startsWith("fleet: F")).count());
        assertTrue(lines.getLast().equals("fleet: PASS") || lines.getLast().equals("fleet: FAIL"), lines.getLast());
        assertEquals(3, lines.stream().filter(l -> l.startsWith("node ")).count());
    }

    @Property(tries = 5, shrinking = ShrinkingMode.OFF)
    void compareTextShowsDocumentTextWithoutObeyingIt(@ForAll("hostiles") Hostile hostile) {
        Path benignDir = documents(Hostile.benign());
        String benign = XferRun.of("compare", benignDir.resolve("0/bandwidth.json").toString(),
                benignDir.resolve("1/bandwidth.json").toString()).out();
        Path dir = documents(hostile);
        XferRun run = XferRun.of("compare", dir.resolve("0/bandwidth.json").toString(), dir.resolve("1/bandwidth.json").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTerminalSafe(run.out(), benign);
        assertEquals(1, run.out().lines().filter(l -> l.startsWith("compare: ")).count());
    }

    @Property(tries = 8, shrinking = ShrinkingMode.OFF)
    void everyMeasuringCommandsTextShowsTheGpuNameWithoutObeyingIt(@ForAll("hostiles") Hostile hostile) {
        List<String> benign = measuringTexts(Hostile.benign());
        List<String> texts = measuringTexts(hostile);
        for (int i = 0; i < texts.size(); i++) {
            assertTerminalSafe(texts.get(i), benign.get(i));
        }
    }

    /**
     * A result's identifying fields are words (the strict reader refuses anything else, exit 2):
     * hostile text there never reaches a table, and the one line that refuses it is escaped too.
     */
    @Property(tries = 6, shrinking = ShrinkingMode.OFF)
    void hostileResultFieldsAreRefusedInOneEscapedLine(@ForAll("shorterHostiles") Hostile hostile) throws Exception {
        Path dir = Files.createTempDirectory("xfer-hostile-field");
        String text;
        try (var in = HostileTextTest.class.getResourceAsStream("/golden/bandwidth.json")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(text);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> results = (List<Map<String, Object>>) doc.get("results");
        results.getFirst().put("memory", hostile.field());
        Path file = dir.resolve("bandwidth.json");
        Files.writeString(file, Json.write(doc));
        for (String command : List.of("fleet", "compare")) {
            XferRun run = command.equals("fleet") ? XferRun.of("fleet", file.toString())
                    : XferRun.of("compare", file.toString(), file.toString());
            assertEquals(2, run.exitCode(), run.err());
            assertEquals(1, run.errLines().length, run.err());
            assertTrue(run.err().chars().noneMatch(c -> c < 0x20 && c != '\n' || c == 0x7f || c == 0x202e),
                    "no raw control or bidi character: " + run.err());
        }
    }

    @Property(tries = 6, shrinking = ShrinkingMode.OFF)
    void jsonCsvJunitAndHtmlKeepTheirOwnEscaping(@ForAll("shorterHostiles") Hostile hostile) throws Exception {
        Path dir = documents(hostile);
        XferRun json = XferRun.of("fleet", "--json", dir.toString());
        Set<String> strings = jsonStrings(json.out());
        assertTrue(strings.contains(hostile.host() + "0") && strings.contains(hostile.label() + "0")
                && strings.contains(hostile.uuid() + "0") && strings.contains(hostile.gpu()), "the JSON gives the text back");

        XferRun csv = XferRun.of("fleet", "--csv", dir.toString());
        List<List<String>> records = CsvRecords.parse(csv.out());
        List<String> header = records.getFirst();
        int host = header.indexOf("host");
        int label = header.indexOf("label");
        int uuid = header.indexOf("uuid");
        int model = header.indexOf("model");
        for (List<String> record : records.subList(1, records.size())) {
            assertEquals(header.size(), record.size(), "every CSV record has every column");
            assertTrue(record.get(host).startsWith(hostile.host()));
            assertTrue(record.get(label).startsWith(hostile.label()));
            assertTrue(record.get(uuid).startsWith(hostile.uuid()));
            assertEquals(hostile.gpu(), record.get(model));
        }

        Path junit = dir.resolve("fleet.xml");
        XferRun.of("fleet", "--junit", junit.toString(), dir.toString());
        Document xml = parseXml(Files.readAllBytes(junit));
        NodeList suites = xml.getElementsByTagName("testsuite");
        Set<String> hostnames = new HashSet<>();
        for (int i = 0; i < suites.getLength(); i++) {
            hostnames.add(((Element) suites.item(i)).getAttribute("hostname"));
        }
        assertTrue(hostnames.contains(XmlText.stripIllegal(hostile.host()) + "0"), "the JUnit XML gives the host back");

        Path html = dir.resolve("report.html");
        XferRun plot = XferRun.of("plot", "-o", html.toString(), dir.resolve("0/bandwidth.json").toString(), dir.resolve("0/overlap-4.json").toString());
        assertEquals(0, plot.exitCode(), plot.err());
        String page = Files.readString(html);
        assertFalse(page.toLowerCase(Locale.ROOT).contains("<script"), "no markup from a document");
        Matcher svg = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL).matcher(page);
        int charts = 0;
        while (svg.find()) {
            parseXml(svg.group().getBytes(StandardCharsets.UTF_8));
            charts++;
        }
        assertTrue(charts > 0, "the report has charts");
    }

    // ---- checks

    /** No control or layout character, no line begun by document text, no line more than the benign run had, bounded lines. */
    static void assertTerminalSafe(String out, String benign) {
        out.codePoints().forEach(cp -> {
            int type = Character.getType(cp);
            assertFalse(cp != '\n' && (type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR),
                    () -> "U+" + Integer.toHexString(cp).toUpperCase(Locale.ROOT) + " reached the terminal");
        });
        List<String> lines = out.lines().toList();
        for (String line : lines) {
            assertFalse(line.startsWith(MARK), () -> "a line begins with a document's text: " + cut(line));
            assertTrue(line.length() <= MAX_LINE * 8, () -> "a line of " + line.length() + " characters: " + cut(line));
        }
        assertEquals(benign.lines().count(), lines.size(), "as many lines as with harmless text");
        // Linear in the results: each line is bounded whatever the size of the text in it.
        assertTrue(out.length() <= (long) MAX_LINE * Math.max(1, lines.size()), "output of " + out.length() + " chars");
    }

    private static String cut(String line) {
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    private static Set<String> jsonStrings(String json) throws IOException {
        Set<String> strings = new HashSet<>();
        try (JsonParser parser = new JsonFactory().createParser(json)) {
            for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
                if (t == JsonToken.VALUE_STRING) {
                    strings.add(parser.getText());
                }
            }
        }
        return strings;
    }

    private static Document parseXml(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    // ---- inputs

    /** Three copies of each H200 fixture, in folders 0, 1, 2: hosts and labels differ by a suffix, GPU name shared. */
    private Path documents(Hostile hostile) {
        try {
            Path dir = Files.createTempDirectory("xfer-hostile");
            temporary.add(dir);
            for (int copy = 0; copy < 3; copy++) {
                for (String name : FIXTURES) {
                    String text;
                    try (var in = HostileTextTest.class.getResourceAsStream("/" + name)) {
                        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                    @SuppressWarnings("unchecked")
                    Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(text);
                    @SuppressWarnings("unchecked")
                    Map<String, Object> context = (Map<String, Object>) doc.get("context");
                    @SuppressWarnings("unchecked")
                    Map<String, Object> device = (Map<String, Object>) context.get("device");
                    context.put("host", hostile.host() + copy);
                    context.put("label", hostile.label() + copy);
                    device.put("name", hostile.gpu());
                    device.put("uuid", hostile.uuid() + copy);
                    Path file = dir.resolve(copy + "/" + Path.of(name).getFileName());
                    Files.createDirectories(file.getParent());
                    Files.writeString(file, Json.write(doc));
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every measuring command's text for a GPU with this name and UUID, on this host with this label. */
    private static List<String> measuringTexts(Hostile hostile) {
        DeviceInfo h200 = ResultsFixtures.h200();
        DeviceInfo device = new DeviceInfo(0, hostile.gpu(), 9, 0, h200.memoryTotalBytes(), h200.memoryFreeBytes(),
                h200.multiprocessors(), 2, true, h200.pciBusId(), h200.pci(), 0).withUuid(hostile.uuid());
        RunContext context = new RunContext(ResultsFixtures.XFER_VERSION, ResultsFixtures.STARTED, hostile.host(), device,
                ResultsFixtures.CUDA_13, ResultsFixtures.CUDA_13, Optional.of(hostile.label()));
        BandwidthResults bandwidth = ResultsFixtures.bandwidthReport();
        CheckResults check = ResultsFixtures.checkReport();
        BatchResults batch = ResultsFixtures.batchReport();
        return List.of(
                BandwidthText.render(new BandwidthResults(context, bandwidth.plan(), bandwidth.results(), bandwidth.failures(),
                        bandwidth.notes(), bandwidth.placement())),
                OverlapText.render(ResultsFixtures.overlapReport(device)),
                CheckText.render(new CheckResults(context, check.plan(), check.results())),
                BatchText.text(new BatchResults(context, batch.plan(), batch.results())),
                PipelineText.text(context, ResultsFixtures.pipelinePlan(), ResultsFixtures.pipelineResult(1e-7)),
                DevicesText.render(new DeviceInventory(ResultsFixtures.CUDA_13, ResultsFixtures.CUDA_13,
                        Path.of("/usr/lib/libcudart.so.13"), List.of(device))));
    }
}
