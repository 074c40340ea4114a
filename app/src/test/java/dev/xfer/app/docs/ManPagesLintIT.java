package dev.xfer.app.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every man page the distribution tarball ships passes {@code mandoc -Tlint} without a warning or
 * an error (style notes, such as a source line over 80 bytes, are allowed: they change nothing a
 * reader sees; a warning such as "skipping paragraph macro" is a request mandoc threw away,
 * which another reader may not). mandoc is what
 * man-db uses on several distributions and the strictest common reader of roff; it is installed
 * with apt-get when missing (and its absence fails the test in CI).
 */
class ManPagesLintIT {

    @Test
    void everyShippedManPageLintsWithoutWarningsOrErrors(@TempDir Path dir) throws IOException, InterruptedException {
        Path mandoc = DebianTool.require("mandoc", "mandoc");
        List<Path> pages = shippedPages(dir);
        assertFalse(pages.isEmpty(), "no man pages in the tarball");

        List<String> command = new ArrayList<>(List.of(mandoc.toString(), "-Tlint"));
        pages.forEach(p -> command.add(p.toString()));
        Process lint = new ProcessBuilder(command).redirectErrorStream(true).start();
        String report = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(lint.waitFor(2, TimeUnit.MINUTES), "mandoc did not finish");

        List<String> errors = report.lines()
                .filter(l -> l.contains(": WARNING: ") || l.contains(": ERROR: ") || l.contains(": UNSUPP: ")
                        || l.contains(": BADARG: ") || l.contains(": SYSERR: "))
                .toList();
        assertEquals(List.of(), errors, "mandoc -Tlint warnings and errors over " + pages.size() + " pages");
        // mandoc's exit status: 0 clean or style notes only, 2 warnings, 3 errors and worse.
        assertTrue(lint.exitValue() == 0 || lint.exitValue() == 1, "mandoc -Tlint exited " + lint.exitValue() + ":\n" + report);
    }

    /** The tarball's man/man1/*.1, written out under {@code dir}. */
    private static List<Path> shippedPages(Path dir) throws IOException {
        Path target = RepositoryFiles.root().resolve("app/target");
        List<Path> tarballs;
        try (Stream<Path> files = Files.list(target)) {
            tarballs = files.filter(p -> p.getFileName().toString().matches("xfer-.*-linux-x86_64\\.tar\\.gz")).toList();
        }
        assertEquals(1, tarballs.size(), "expected one distribution tarball in " + target + ", found " + tarballs);
        Map<String, byte[]> entries;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tarballs.getFirst()))) {
            entries = DistributionIT.Tar.entries(in);
        }
        List<Path> pages = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            if (e.getKey().matches("[^/]+/man/man1/[^/]+\\.1")) {
                Path page = dir.resolve(e.getKey().substring(e.getKey().lastIndexOf('/') + 1));
                Files.write(page, e.getValue());
                pages.add(page);
            }
        }
        return pages;
    }
}
