package dev.xfer.app.fleet;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.DocumentStatus.Status;
import dev.xfer.app.verdict.RunFacts;

import dev.xfer.app.format.IoReason;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
     * Each GPU's run as first read, by UUID, over every {@code each} of this set (both sides of a
     * compare): one GPU is one model, whatever the documents say.
     */
    private final java.util.Map<String, GpuRun> models = new java.util.HashMap<>();

    /**
     * Every file the arguments name, each once however often it is named (as itself, through a
     * directory, a link or another spelling of its path); a missing argument is a bad document of
     * its own, and so is each folder entry named like a document that cannot be one (see {@link #entries}).
     *
     * @throws BadDocumentException for an empty path, or a folder that cannot be listed
     */
    public static List<Path> files(List<Path> arguments) {
        return entries(arguments).stream().map(Entry::file).toList();
    }

    /**
     * A path a document is read from, and, for a folder's entry that cannot be a document (a
     * dangling link, a link loop, a FIFO, a socket, a device, a link to a folder), why: it is
     * reported as unreadable rather than passed over, so no node drops out of a gate unsaid.
     */
    public record Entry(Path file, Optional<String> problem) {
    }

    /**
     * {@link #files}, each with what is wrong with it where the listing already shows it. A folder
     * that holds no {@code *.json} at all is a problem of its own: the gates read nothing from it,
     * which the user must hear of (the same for fleet and for either side of compare).
     *
     * @throws BadDocumentException for an empty path, or a folder that cannot be listed
     */
    public static List<Entry> entries(List<Path> arguments) {
        List<Entry> named = new ArrayList<>();
        collect(arguments, named);
        java.util.Set<Path> seen = new java.util.HashSet<>();
        List<Entry> files = new ArrayList<>();
        for (Entry entry : named) {
            if (seen.add(identity(entry.file()))) {
                files.add(entry);
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

    private static void collect(List<Path> arguments, List<Entry> files) {
        for (Path argument : arguments) {
            if (argument.toString().isEmpty()) {
                // Path.of("") is the current folder to Java; to the user it is a variable that was empty.
                throw new BadDocumentException("an empty path names no document: give a file or a folder"
                        + " (. for the current one)");
            }
            if (Files.isDirectory(argument)) {
                List<Entry> found = new ArrayList<>();
                try (Stream<Path> walk = Files.walk(argument)) {
                    walk.filter(p -> p.getFileName().toString().endsWith(".json")).sorted()
                            .forEach(p -> entry(p).ifPresent(found::add));
                } catch (IOException e) {
                    throw unlisted(argument, e);
                } catch (UncheckedIOException e) {
                    // The walk's own failures, below the folder named (an unreadable sub-folder).
                    throw unlisted(argument, e.getCause());
                }
                if (found.isEmpty()) {
                    found.add(new Entry(argument, Optional.of("no xfer document (*.json) in the folder")));
                }
                files.addAll(found);
            } else {
                files.add(new Entry(argument, Optional.empty()));
            }
        }
    }

    /**
     * A folder's entry named like a document: a regular file (or a link to one) is read; a folder is
     * walked into by the listing itself; anything else is named as what it is. A FIFO or a device
     * is read only where the user names it (a pipe from process substitution); in a folder it could
     * block the gate forever or never end.
     */
    private static Optional<Entry> entry(Path p) {
        boolean link = Files.isSymbolicLink(p);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.of(new Entry(p, Optional.of(link ? "a dangling symbolic link: its target "
                    + target(p) + " does not exist" : "no such file or directory")));
        } catch (FileSystemException e) {
            String reason = IoReason.of(e, p);
            // ELOOP comes as the system's words, "Too many levels of symbolic links".
            return Optional.of(new Entry(p, Optional.of(reason.toLowerCase(java.util.Locale.ROOT).contains("symbolic links")
                    ? "a symbolic link loop" : "cannot read: " + reason)));
        } catch (IOException e) {
            return Optional.of(new Entry(p, Optional.of("cannot read: " + IoReason.of(e, p))));
        }
        if (attributes.isRegularFile()) {
            return Optional.of(new Entry(p, Optional.empty()));
        }
        if (attributes.isDirectory()) {
            // A real folder is walked into; a link to one is not followed (loops), so say so.
            return link ? Optional.of(new Entry(p, Optional.of("a symbolic link to a folder, which is not searched"
                    + " (name the folder itself)"))) : Optional.empty();
        }
        return Optional.of(new Entry(p, Optional.of("not a regular file (" + (attributes.isOther()
                ? "a FIFO, socket or device" : "a special file") + "): in a folder only regular files are read")));
    }

    private static String target(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "its target";
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
        for (Entry entry : entries(arguments)) {
            Path file = entry.file();
            if (entry.problem().isPresent()) {
                BadDocumentException e = new BadDocumentException(file, entry.problem().get());
                bad(e, skipBad, onBad);
                skipped.add(e);
                continue;
            }
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
            for (Judged j : judged) {
                sameModel(j.run());
            }
            judged.forEach(each);
        }
    }

    /**
     * Refuses a GPU UUID read as two models: UUIDs are unique per GPU, so one of the documents is
     * wrong or edited, and grouping by model would judge the GPU among peers it is not. Exit 2 even
     * with --skip-bad: which of the two documents is the bad one cannot be told.
     */
    private void sameModel(GpuRun run) {
        if (run.uuid().isEmpty() || run.unusable().isPresent()) {
            return;
        }
        GpuRun first = models.putIfAbsent(run.uuid().get(), run);
        if (first != null && !first.name().equals(run.name())) {
            throw new BadDocumentException(run.file(), "GPU " + run.uuid().get() + " is a " + run.name()
                    + " here but a " + first.name() + " in " + first.file() + ": one GPU is one model, so one of"
                    + " the documents is wrong");
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
