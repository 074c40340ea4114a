package dev.xfer.app.fleet;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.DocumentStatus.Status;
import dev.xfer.app.verdict.RunFacts;

import dev.xfer.app.format.IoReason;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
                    throw unlisted(argument, e);
                } catch (UncheckedIOException e) {
                    // The walk's own failures, below the folder named (an unreadable sub-folder).
                    throw unlisted(argument, e.getCause());
                }
            } else {
                files.add(argument);
            }
        }
    }

    /** A folder that cannot be read through: bad input like an unreadable document, exit 2, with the reason. */
    private static BadDocumentException unlisted(Path folder, IOException e) {
        return new BadDocumentException(folder, "cannot list the folder: " + IoReason.of(e, folder));
    }

    /** One GPU run with what its document says about itself and where it ran. */
    public record Judged(GpuRun run, Status status, RunFacts facts) {
    }

    /**
     * Reads the files one at a time and hands each one's GPU runs, judged, to {@code each}: the
     * parsed document is dropped before the next is read, so memory grows with what {@code each}
     * keeps, not with the documents. A document of a measuring command that holds no result rows
     * (none, {@code null}, not a list; smoke with no device) and one of an unknown command come back
     * as one stand-in run whose status is NO RESULT, so its node is named rather than lost. A bad
     * document throws, unless {@code skipBad} is set: then {@code onBad} gets its one line and the
     * rest are read.
     */
    public void each(List<Path> arguments, boolean skipBad, Consumer<String> onBad, Consumer<Judged> each) {
        each(arguments, skipBad, onBad, new ArrayList<>(), each);
    }

    /** {@link #each(List, boolean, Consumer, Consumer)}, adding each document skipped to {@code skipped}. */
    public void each(List<Path> arguments, boolean skipBad, Consumer<String> onBad, List<BadDocumentException> skipped,
                     Consumer<Judged> each) {
        for (Path file : files(arguments)) {
            if (!Files.exists(file)) {
                BadDocumentException e = new BadDocumentException(file, "no such file or directory");
                bad(e, skipBad, onBad);
                skipped.add(e);
                continue;
            }
            List<Judged> judged;
            try {
                judged = judge(file, reader.parse(file));
            } catch (BadDocumentException e) {
                bad(e, skipBad, onBad);
                skipped.add(e);
                continue;
            }
            judged.forEach(each);
        }
    }

    /** The judged GPU runs of one parsed document ({@link DocumentReader#parse}'s value, or a writer's map). */
    public List<Judged> judge(Path file, Object parsed) {
        DocumentReader.Reading reading = reader.reading(file, parsed);
        MeasuringDocument doc = reading.status();
        if (!doc.measuring()) {
            // An unknown command's numbers mean nothing known: its node is NO RESULT, its figures stay out.
            return List.of(new Judged(standIn(file, doc), DocumentStatus.withoutRuns(doc), RunFacts.unknown()));
        }
        List<GpuRun> runs;
        try {
            runs = reading.runs();
        } catch (BadDocumentException e) {
            // A document that holds result rows and still cannot be bound has a bad field: exit 2
            // naming it (--skip-bad skips it). Only one with no rows at all ([], null, {"a": 1}) is NO RESULT.
            if (doc.holdsResultRows()) {
                throw e;
            }
            return List.of(new Judged(standIn(file, doc), DocumentStatus.withoutRuns(doc), RunFacts.unknown()));
        }
        List<Status> statuses = DocumentStatus.of(doc, runs.size());
        List<RunFacts> facts = RunFacts.of(doc, runs.size());
        List<Judged> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.add(new Judged(runs.get(i), statuses.get(i), facts.get(i)));
        }
        return out;
    }

    private static GpuRun standIn(Path file, MeasuringDocument doc) {
        String host = doc.host().orElse("unknown host (" + file.getFileName() + ")");
        return new GpuRun(file, doc.command(), host, doc.label(), doc.started().orElse(""), -1,
                "(no result)", Optional.empty(), "none", Optional.empty(), List.of(), Optional.empty());
    }

    private static void bad(BadDocumentException e, boolean skipBad, Consumer<String> onBad) {
        if (!skipBad) {
            throw e;
        }
        onBad.accept(e.getMessage() + " (skipped)");
    }
}
