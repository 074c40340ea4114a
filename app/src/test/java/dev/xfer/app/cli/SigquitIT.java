package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGQUIT (Ctrl-\\, or {@code kill -QUIT}) makes the JVM print a thread dump: through the
 * distribution's launcher it goes to stderr, never into the document a {@code --json} run writes
 * on stdout (issue 41). Runs the launcher in app/target/dist; needs no GPU.
 */
class SigquitIT {
    @TempDir
    Path dir;

    @Test
    void theThreadDumpGoesToStderrAndStdoutStaysADocument() throws Exception {
        Path dist = Path.of(System.getProperty("user.dir")).resolve("target/dist");
        Path launcher;
        try (Stream<Path> tops = Files.list(dist)) {
            launcher = tops.map(t -> t.resolve("bin/xfer")).filter(Files::isExecutable).findFirst()
                    .orElseThrow(() -> new AssertionError("no bin/xfer under " + dist));
        }
        String smoke;
        try (var in = SigquitIT.class.getResourceAsStream("/noise/h100-2026-11-27-quick/smoke-1.json")) {
            smoke = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // Enough documents that fleet is still reading them when the signal comes.
        Path docs = Files.createDirectories(dir.resolve("docs"));
        for (int i = 0; i < 3000; i++) {
            Files.writeString(docs.resolve("n" + i + ".json"), smoke, StandardCharsets.UTF_8);
        }
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        Process p = new ProcessBuilder(launcher.toString(), "fleet", "--json", docs.toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        Thread.sleep(2500);
        assertTrue(p.isAlive(), "fleet ended before the signal: more documents are needed");
        new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "fleet did not finish");
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.ISO_8859_1);
        assertTrue(stderr.contains("Full thread dump"), "no thread dump on stderr: " + stderr);
        assertFalse(stdout.contains("Full thread dump"), "the thread dump is in the document");
        assertTrue(stdout.startsWith("{") && stdout.strip().endsWith("}"), stdout.substring(0, Math.min(200, stdout.length())));
    }
}
