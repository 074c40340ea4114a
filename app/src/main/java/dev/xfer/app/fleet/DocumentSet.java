package dev.xfer.app.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The documents named on a command line: files as given, directories searched (recursively)
 * for {@code *.json}, in name order so output does not depend on the file system's order.
 */
public final class DocumentSet {
    private final DocumentReader reader = new DocumentReader();

    /**
     * Every file the arguments name, each once however often it is named (as itself, through a
     * directory, a link or another spelling of its path); a missing argument is a bad document of
     * its own.
     */
    public static List<Path> files(List<Path> arguments) {
        List<Path> named = new ArrayList<>();
        collect(arguments, named);
        java.util.Set<Path> seen = new java.util.HashSet<>();
        List<Path> files = new ArrayList<>();
        for (Path file : named) {
            if (seen.add(identity(file))) {
                files.add(file);
            }
        }
        return files;
    }

    /** What tells two names of one file apart: its real path where it exists. */
    private static Path identity(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException missing) {
            return file.toAbsolutePath().normalize();
        }
    }

    private static void collect(List<Path> arguments, List<Path> files) {
        for (Path argument : arguments) {
            if (Files.isDirectory(argument)) {
                try (Stream<Path> walk = Files.walk(argument)) {
                    walk.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                            .sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list " + argument + ": " + e.getMessage(), e);
                }
            } else {
                files.add(argument);
            }
        }
    }

    /**
     * Reads every file. A bad one throws, unless {@code skipBad} is set: then {@code onBad} gets
     * its one line and the rest are read.
     */
    public List<GpuRun> read(List<Path> arguments, boolean skipBad, Consumer<String> onBad) {
        return read(arguments, skipBad, onBad, new ArrayList<>());
    }

    /** {@link #read(List, boolean, Consumer)}, adding each document skipped to {@code skipped}. */
    public List<GpuRun> read(List<Path> arguments, boolean skipBad, Consumer<String> onBad,
                             List<BadDocumentException> skipped) {
        Consumer<BadDocumentException> bad = e -> {
            bad(e, skipBad, onBad);
            skipped.add(e);
        };
        List<GpuRun> runs = new ArrayList<>();
        for (Path file : files(arguments)) {
            if (!Files.exists(file)) {
                bad.accept(new BadDocumentException(file, "no such file or directory"));
                continue;
            }
            try {
                runs.addAll(reader.read(file));
            } catch (BadDocumentException e) {
                bad.accept(e);
            }
        }
        return runs;
    }

    private static void bad(BadDocumentException e, boolean skipBad, Consumer<String> onBad) {
        if (!skipBad) {
            throw e;
        }
        onBad.accept(e.getMessage() + " (skipped)");
    }
}
