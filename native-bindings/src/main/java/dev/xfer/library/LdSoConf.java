package dev.xfer.library;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the directories listed in ld.so.conf, following its {@code include} globs. */
final class LdSoConf {
    private LdSoConf() {
    }

    /** The directories {@code conf} lists, in order; none when it is missing or unreadable. */
    static List<Path> directories(Path conf) {
        List<Path> out = new ArrayList<>();
        read(conf, out, 0);
        return out;
    }

    private static void read(Path conf, List<Path> out, int depth) {
        if (depth > 8 || !Files.isReadable(conf)) {
            return;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(conf);
        } catch (IOException e) {
            return;
        }
        for (String raw : lines) {
            String line = raw.replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("include ")) {
                for (Path included : glob(conf.getParent(), line.substring("include ".length()).strip())) {
                    read(included, out, depth + 1);
                }
            } else if (line.startsWith("/")) {
                out.add(Path.of(line));
            }
        }
    }

    private static List<Path> glob(Path base, String pattern) {
        Path full = base == null ? Path.of(pattern) : base.resolve(pattern);
        Path directory = full.getParent();
        List<Path> matches = new ArrayList<>();
        if (directory == null || !Files.isDirectory(directory)) {
            return matches;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, full.getFileName().toString())) {
            stream.forEach(matches::add);
        } catch (IOException e) {
            return matches;
        }
        matches.sort(null);
        return matches;
    }
}
