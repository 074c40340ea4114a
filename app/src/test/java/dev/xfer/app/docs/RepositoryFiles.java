package dev.xfer.app.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The repository's documentation files, found from wherever the tests run (the app module). */
final class RepositoryFiles {
    private RepositoryFiles() {
    }

    /** The repository root: the nearest directory up from here holding both mvnw and README.md. */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isRegularFile(dir.resolve("README.md"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root (mvnw and README.md) above " + Path.of("").toAbsolutePath());
    }

    /** README.md and every Markdown file under docs/, sorted. */
    static List<Path> markdown() {
        Path root = root();
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            return Stream.concat(Stream.of(root.resolve("README.md")),
                            docs.filter(p -> p.toString().endsWith(".md")).sorted())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
