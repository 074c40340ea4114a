package dev.xfer.app.fleet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A document named twice (as itself, through its directory, a link, another spelling) is read once. */
class DocumentSetTest {
    @TempDir
    Path dir;

    @Test
    void aFileNamedTwiceIsReadOnce() throws IOException {
        Path a = dir.resolve("a.json");
        Files.copy(Path.of("src/test/resources/golden/bandwidth.json"), a);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), a);
        Path other = dir.resolve("sub/../a.json");
        Files.createDirectories(dir.resolve("sub"));
        assertEquals(List.of(a), DocumentSet.files(List.of(a, dir, link, other)));
        List<GpuRun> runs = new java.util.ArrayList<>();
        new DocumentSet().each(List.of(a, a), false, line -> { }, judged -> runs.add(judged.run()));
        assertEquals(1, runs.size());
    }
}
