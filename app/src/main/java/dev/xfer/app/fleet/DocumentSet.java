package dev.xfer.app.fleet;

import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.app.verdict.DocumentStatus.Status;
import dev.xfer.app.verdict.RunFacts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /** One GPU run with what its document says about itself and where it ran. */
    public record Judged(GpuRun run, Status status, RunFacts facts) {
    }

    /** xfer commands whose documents hold no GPU results by design: reading one for them is a mistake, exit 2. */
    private static final Set<String> NOT_RESULTS = Set.of("devices", "topo", "doctor", "fleet", "compare");

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

    /** The judged GPU runs of one parsed document. */
    /** Whether the document, or one of its devices, has a non-empty list of result objects. */
    private static boolean holdsResultRows(Map<?, ?> doc) {
        if (doc.get("results") instanceof List<?> rows && rows.stream().anyMatch(r -> r instanceof Map<?, ?>)) {
            return true;
        }
        return doc.get("devices") instanceof List<?> devices && devices.stream()
                .anyMatch(d -> d instanceof Map<?, ?> device && holdsResultRows(device));
    }

    public List<Judged> judge(Path file, Object parsed) {
        if (parsed instanceof Map<?, ?> doc && readable(doc) && !DocumentStatus.measuring(doc)) {
            // An unknown command's numbers mean nothing known: its node is NO RESULT, its figures stay out.
            return List.of(new Judged(standIn(file, doc), DocumentStatus.withoutRuns(doc), RunFacts.unknown()));
        }
        List<GpuRun> runs;
        try {
            runs = reader.runs(file, parsed);
        } catch (BadDocumentException e) {
            Map<?, ?> doc = parsed instanceof Map<?, ?> m ? m : Map.of();
            // A document that holds result rows and still cannot be bound has a bad field: exit 2
            // naming it (--skip-bad skips it). Only one with no rows at all ([], null, {"a": 1}) is NO RESULT.
            if (!readable(doc) || holdsResultRows(doc)) {
                throw e;
            }
            return List.of(new Judged(standIn(file, doc), DocumentStatus.withoutRuns(doc), RunFacts.unknown()));
        }
        Map<?, ?> doc = (Map<?, ?>) parsed;
        List<Status> statuses = DocumentStatus.of(doc, runs.size());
        List<RunFacts> facts = RunFacts.of(doc, runs.size());
        List<Judged> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.add(new Judged(runs.get(i), statuses.get(i), facts.get(i)));
        }
        return out;
    }

    /** A document of a schema this xfer reads, of a command that is not one of those without GPU results. */
    private static boolean readable(Map<?, ?> doc) {
        return doc.get("schemaVersion") instanceof Long v && v >= 1 && v <= DocumentReader.SCHEMA_VERSION
                && doc.get("command") instanceof String c && !NOT_RESULTS.contains(c);
    }

    private static GpuRun standIn(Path file, Map<?, ?> doc) {
        Map<?, ?> context = doc.get("context") instanceof Map<?, ?> c ? c : doc;
        String host = context.get("host") instanceof String h ? h : doc.get("host") instanceof String h2 ? h2
                : "unknown host (" + file.getFileName() + ")";
        Optional<String> label = context.get("label") instanceof String l ? Optional.of(l) : Optional.empty();
        String started = context.get("started") instanceof String s ? s : "";
        return new GpuRun(file, doc.get("command") instanceof String c ? c : "?", host, label, started, -1,
                "(no result)", Optional.empty(), "none", Optional.empty(), List.of(), Optional.empty());
    }

    private static void bad(BadDocumentException e, boolean skipBad, Consumer<String> onBad) {
        if (!skipBad) {
            throw e;
        }
        onBad.accept(e.getMessage() + " (skipped)");
    }
}
