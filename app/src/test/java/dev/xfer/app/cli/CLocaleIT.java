package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution under {@code LANG=C LC_ALL=C}, as cron jobs and CI containers run it: a label
 * {@code ü✓-é-€-😀} reaches every document as UTF-8 (fleet's JSON and CSV on stdout, its JUnit
 * and OpenMetrics files, smoke's document from {@code --label}), and terminal text escapes what
 * the ASCII terminal cannot show instead of writing {@code ?}. Runs the launcher in
 * app/target/dist (the integration-test phase, after package); needs no GPU.
 */
class CLocaleIT {
    private static final String LABEL = "ü✓-é-€-\uD83D\uDE00";

    private static Path launcher;

    @TempDir
    static Path dir;

    private static Path docs;

    @BeforeAll
    static void fixtures() throws IOException {
        Path dist = Path.of(System.getProperty("user.dir")).resolve("target/dist");
        try (Stream<Path> tops = Files.list(dist)) {
            launcher = tops.map(t -> t.resolve("bin/xfer")).filter(Files::isExecutable).findFirst()
                    .orElseThrow(() -> new AssertionError("no bin/xfer under " + dist));
        }
        docs = Files.createDirectories(dir.resolve("docs"));
        String smoke;
        try (var in = CLocaleIT.class.getResourceAsStream("/golden/smoke.json")) {
            smoke = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(smoke.contains("\"label\": \"nightly\""), "the golden smoke document changed shape");
        Files.writeString(docs.resolve("s.json"), smoke.replace("\"label\": \"nightly\"", "\"label\": \"" + LABEL + "\""),
                StandardCharsets.UTF_8);
    }

    private record Ran(int code, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private static Ran xfer(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG") || k.equals("LANGUAGE"));
        builder.environment().put("LANG", "C");
        builder.environment().put("LC_ALL", "C");
        Path err = dir.resolve("stderr");
        builder.redirectError(err.toFile());
        Process p = builder.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "xfer did not finish");
        return new Ran(p.exitValue(), out, Files.readString(err, StandardCharsets.ISO_8859_1));
    }

    @Test
    void fleetsJsonAndCsvAreUtf8() throws Exception {
        Ran json = xfer("fleet", "docs", "--json");
        assertTrue(json.out().contains("\"label\": \"" + LABEL + "\""), json.out() + json.stderr());
        assertFalse(json.out().contains("?"), json.out());
        Ran csv = xfer("fleet", "docs", "--csv");
        assertTrue(csv.out().contains("," + LABEL + ","), csv.out() + csv.stderr());
        assertFalse(csv.out().contains("?"), csv.out());
    }

    @Test
    void fleetsJUnitAndOpenMetricsFilesAreUtf8() throws Exception {
        Ran ran = xfer("fleet", "docs", "--junit", "fleet.xml", "--openmetrics", "fleet.prom");
        assertEquals(List.of(), ran.stderr().lines().filter(l -> l.contains("Exception")).toList());
        String junit = Files.readString(dir.resolve("fleet.xml"), StandardCharsets.UTF_8);
        assertTrue(junit.contains(LABEL), junit);
        String prom = Files.readString(dir.resolve("fleet.prom"), StandardCharsets.UTF_8);
        assertTrue(prom.contains("label=\"" + LABEL + "\""), prom);
    }

    @Test
    void terminalTextEscapesWhatAnAsciiTerminalCannotShow() throws Exception {
        Ran text = xfer("fleet", "docs", "--all-rows");
        String out = new String(text.stdout(), StandardCharsets.ISO_8859_1);
        assertTrue(out.chars().allMatch(c -> c < 0x80), "only ASCII on a C-locale terminal:\n" + out);
        assertFalse(out.contains("?"), out);
        assertTrue(out.contains("\\u00b1") || out.contains("\\u00fc"), "escaped, not dropped:\n" + out);
    }

    @Test
    void anArgumentIsReadAsUtf8AndStoredSo() throws Exception {
        // No GPU here: smoke exits 3 and still writes its document, with the label as given.
        Ran ran = xfer("--label", LABEL, "smoke", "--json", "--output", "smoke.json");
        assertEquals(3, ran.code(), ran.stderr());
        String document = Files.readString(dir.resolve("smoke.json"), StandardCharsets.UTF_8);
        assertTrue(document.contains("\"label\": \"" + LABEL + "\""), document);
    }
}
