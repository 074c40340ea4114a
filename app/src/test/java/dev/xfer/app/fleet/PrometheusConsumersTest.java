package dev.xfer.app.fleet;

import dev.xfer.app.output.OpenMetrics;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The OpenMetrics xfer writes, read by the real consumers (Debian's {@code prometheus} for
 * promtool, {@code prometheus-node-exporter}): installed with apt-get when missing and run as
 * root; in CI ({@code CI=true}) a consumer that cannot be installed fails the test.
 */
class PrometheusConsumersTest {
    private static final List<Path> FOLDERS = List.of(Path.of("src/test/resources/golden"), Path.of("src/test/resources/h200"));

    @TempDir
    Path dir;

    /** Every measuring document of the golden and H200 files, each as xfer writes it with --openmetrics. */
    private static Map<String, String> promFiles() {
        Map<String, String> files = new TreeMap<>();
        for (Path folder : FOLDERS) {
            for (Path file : DocumentSet.files(List.of(folder))) {
                List<GpuRun> runs;
                try {
                    runs = new DocumentReader().read(file);
                } catch (BadDocumentException notResults) {
                    assertTrue(notResults.getMessage().contains("carry no GPU results"), notResults.getMessage());
                    continue;
                }
                String name = folder.getFileName() + "-" + file.getFileName().toString().replace(".json", ".prom");
                files.put(name, OpenMetrics.render((runs).stream().map(dev.xfer.app.fleet.GpuRun::results).toList()));
            }
        }
        assertTrue(files.size() >= 20, files.keySet().toString()); // more when new commands add golden documents
        return files;
    }

    @Test
    void promtoolAcceptsTheOpenMetricsOfEveryGoldenDocument() throws Exception {
        Path promtool = installed("promtool", "prometheus");
        for (Map.Entry<String, String> file : promFiles().entrySet()) {
            Path prom = Files.writeString(dir.resolve(file.getKey()), file.getValue());
            Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectInput(prom.toFile())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool finished");
            assertEquals(0, p.exitValue(), file.getKey() + ": " + out);
            assertEquals("", out.strip(), file.getKey());
        }
    }

    /**
     * All the files in one textfile directory (every command of the golden GPU and of the H200,
     * staged rows, overlap at 1, 4 and 16 streams): node_exporter reads them without a collection
     * error, and a scrape reports exactly the samples xfer wrote.
     */
    @Test
    void nodeExporterScrapesEveryFileWithoutCollisions() throws Exception {
        Path exporter = installed("prometheus-node-exporter", "prometheus-node-exporter");
        Path textfiles = Files.createDirectories(dir.resolve("textfile"));
        Map<String, Double> written = new HashMap<>();
        for (Map.Entry<String, String> file : promFiles().entrySet()) {
            Files.writeString(textfiles.resolve(file.getKey()), file.getValue());
            for (OpenMetricsTest.Sample s : OpenMetricsTest.parse(file.getValue())) {
                assertFalse(written.containsKey(key(s.family(), s.labels())), "written twice: " + s);
                written.put(key(s.family(), s.labels()), s.value());
            }
        }
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Path log = dir.resolve("node_exporter.log");
        Process p = new ProcessBuilder(exporter.toString(), "--web.listen-address=127.0.0.1:" + port,
                "--collector.disable-defaults", "--collector.textfile",
                "--collector.textfile.directory=" + textfiles).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            String scrape = scrape(port, p, log);
            assertTrue(scrape.contains("\nnode_textfile_scrape_error 0\n"), scrape);
            String logged = Files.readString(log);
            assertFalse(logged.contains("collected before"), logged);
            assertFalse(logged.contains("level=error"), logged);
            Map<String, Double> scraped = new HashMap<>();
            Pattern sample = Pattern.compile("(xfer_[a-z_]+)\\{(.*)} (\\S+)");
            Pattern label = Pattern.compile("([a-z_]+)=\"((?:[^\"\\\\]|\\\\.)*)\"");
            for (String line : scrape.split("\n")) {
                Matcher m = sample.matcher(line);
                if (!m.matches()) {
                    continue;
                }
                Map<String, String> labels = new TreeMap<>();
                Matcher l = label.matcher(m.group(2));
                while (l.find()) {
                    if (!l.group(2).isEmpty()) { // node_exporter fills labels a file's other samples have with ""
                        labels.put(l.group(1), l.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"));
                    }
                }
                assertFalse(scraped.containsKey(key(m.group(1), labels)), line);
                scraped.put(key(m.group(1), labels), Double.parseDouble(m.group(3)));
            }
            assertEquals(written.keySet(), scraped.keySet());
            written.forEach((k, v) -> assertEquals(v, scraped.get(k), 0, k));
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private static String key(String family, Map<String, String> labels) {
        return family + new TreeMap<>(labels);
    }

    /** The exporter's /metrics, retried while it starts, for at most 20 seconds. */
    private static String scrape(int port, Process exporter, Path log) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!exporter.isAlive()) {
                fail("node_exporter exited " + exporter.exitValue() + ": " + Files.readString(log));
            }
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode(), response.body());
                return response.body();
            } catch (IOException notYet) {
                last = notYet;
                Thread.sleep(200);
            }
        }
        throw new AssertionError("node_exporter did not answer on port " + port + ": " + last + "\n" + Files.readString(log));
    }

    /**
     * The program, installed with apt-get from {@code debianPackage} when missing and running as
     * root. Fails in CI when it cannot be had; skips elsewhere.
     */
    static Path installed(String program, String debianPackage) throws Exception {
        Path found = onPath(program);
        if (found == null && "root".equals(System.getProperty("user.name"))) {
            run("apt-get", "update", "-q");
            run("apt-get", "install", "-y", "-q", "--no-install-recommends", debianPackage);
            found = onPath(program);
        }
        if (found == null) {
            assertFalse("true".equals(System.getenv("CI")),
                    "CI needs " + program + " (Debian package " + debianPackage + ") and could not install it");
            Assumptions.abort(program + " is not installed (Debian package " + debianPackage + ")");
        }
        return found;
    }

    private static Path onPath(String program) {
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path candidate = Path.of(folder, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static void run(String... command) throws Exception {
        List<String> line = new ArrayList<>(List.of(command));
        Process p = new ProcessBuilder(line).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
    }
}
