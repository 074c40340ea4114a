package dev.xfer.app.docs;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution tarball the package phase built (app/target/xfer-*-linux-x86_64.tar.gz) carries
 * a man page for every command and a completion script offering every command and option, both
 * checked against picocli's model, so a command added later is covered without being listed.
 * It fits the distribution's budget, and unpacked it starts on its class-data archive.
 * Runs in the integration-test phase (maven-failsafe-plugin), after the tarball exists.
 */
class DistributionIT {
    /**
     * What the distribution may take, the tarball as downloaded (issue 25; 26 MB since issues 32-34;
     * 28.5 MB since issue 40: databind's classes in the class-data archive, and java.management for
     * the heap watch of issue 41: docs/development.md).
     */
    static final long BUDGET_BYTES = 28_500_000;

    private static Path tarball;
    private static Map<String, byte[]> entries;
    private static String top;

    @BeforeAll
    static void readTarball() throws IOException {
        Path target = RepositoryFiles.root().resolve("app/target");
        List<Path> tarballs;
        try (Stream<Path> files = Files.list(target)) {
            tarballs = files.filter(p -> p.getFileName().toString().matches("xfer-.*-linux-x86_64\\.tar\\.gz")).toList();
        }
        assertEquals(1, tarballs.size(), "expected one distribution tarball in " + target + ", found " + tarballs);
        tarball = tarballs.getFirst();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tarball))) {
            entries = Tar.entries(in);
        }
        top = tarball.getFileName().toString().replaceFirst("\\.tar\\.gz$", "") + "/";
    }

    @Test
    void tarballFitsTheBudget() throws IOException {
        long size = Files.size(tarball);
        assertTrue(size <= BUDGET_BYTES, tarball.getFileName() + " is " + size + " bytes, over the distribution's "
                + BUDGET_BYTES + " (docs/development.md, start-up: what takes the room)");
    }

    /**
     * Unpacked elsewhere (under a path with a space, where the folder lists its jars in another
     * order than the build's), the launcher starts the JVM on the class-data archive: xfer's entry
     * point and most of what --version loads come from it, not from the jars.
     */
    @Test
    void theLauncherStartsOnTheClassDataArchive(@TempDir Path scratch) throws Exception {
        assertTrue(entries.containsKey(top + "lib/xfer.jsa"), "lib/xfer.jsa missing from the tarball");
        Path unpacked = Files.createDirectories(scratch.resolve("unpacked here"));
        Process tar = new ProcessBuilder("tar", "-xzf", tarball.toString(), "-C", unpacked.toString())
                .redirectErrorStream(true).start();
        String tarOutput = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(tar.waitFor(120, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar -xzf failed: " + tarOutput);

        Path log = scratch.resolve("class-load.log");
        ProcessBuilder xfer = new ProcessBuilder(unpacked.resolve(top + "bin/xfer").toString(), "--version");
        xfer.environment().put("XFER_JAVA_OPTS", "-Xlog:class+load=info:file=" + log);
        xfer.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process run = xfer.start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(120, TimeUnit.SECONDS), "xfer --version did not end");
        assertEquals(0, run.exitValue(), out);
        assertTrue(out.startsWith("xfer "), out);

        List<String> loaded = Files.readAllLines(log).stream().filter(line -> line.contains(" source: ")).toList();
        long shared = loaded.stream().filter(line -> line.endsWith("source: shared objects file")).count();
        assertTrue(loaded.stream().anyMatch(line -> line.contains(" dev.xfer.app.Main source: shared objects file")),
                "dev.xfer.app.Main was not loaded from the class-data archive:\n"
                        + loaded.stream().filter(line -> line.contains("dev.xfer.app.Main ")).toList());
        assertTrue(shared * 2 > loaded.size(), "only " + shared + " of the " + loaded.size()
                + " classes --version loaded came from the class-data archive");
    }

    @Test
    void everyCommandHasItsManPage() {
        List<String> missing = new ArrayList<>();
        for (CommandSpec command : CommandModel.commands()) {
            byte[] page = entries.get(top + "man/man1/" + CommandModel.manPage(command));
            if (page == null || page.length == 0) {
                missing.add("man/man1/" + CommandModel.manPage(command) + " for '" + command.qualifiedName() + "'");
            } else {
                String roff = new String(page, StandardCharsets.UTF_8);
                String title = command.qualifiedName("-").toUpperCase(java.util.Locale.ROOT).replace("-", "\\-");
                assertTrue(roff.contains(".TH \"" + title + "\""),
                        CommandModel.manPage(command) + " is not a roff man page titled " + command.qualifiedName("-"));
            }
        }
        assertTrue(missing.isEmpty(), "man pages missing from the tarball:\n" + String.join("\n", missing));
    }

    @Test
    void completionOffersEveryCommandAndOption() {
        byte[] script = entries.get(top + "completion/xfer_completion");
        assertTrue(script != null && script.length > 0, "completion/xfer_completion missing from the tarball");
        String text = new String(script, StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        for (CommandSpec command : CommandModel.commands()) {
            if (command.parent() != null && !word(text, command.name())) {
                missing.add("command " + command.qualifiedName());
            }
            for (OptionSpec option : command.options()) {
                if (option.hidden()) {
                    continue;
                }
                for (String name : option.names()) {
                    if (!word(text, name)) {
                        missing.add(name + " of '" + command.qualifiedName() + "'");
                    }
                }
            }
        }
        assertTrue(missing.isEmpty(), "the completion script does not offer:\n" + String.join("\n", missing));
    }

    private static boolean word(String text, String word) {
        return Pattern.compile("(?<![\\w-])" + Pattern.quote(word) + "(?![\\w-])").matcher(text).find();
    }

    /** Just enough of the tar format (POSIX ustar and GNU long names) to list regular files and read them. */
    static final class Tar {
        private Tar() {
        }

        static Map<String, byte[]> entries(InputStream in) throws IOException {
            Map<String, byte[]> files = new LinkedHashMap<>();
            String longName = null;
            while (true) {
                byte[] header = in.readNBytes(512);
                if (header.length < 512 || isZero(header)) {
                    return files;
                }
                String name = longName != null ? longName : text(header, 345, 155).isEmpty() ? text(header, 0, 100)
                        : text(header, 345, 155) + "/" + text(header, 0, 100);
                longName = null;
                long size = Long.parseLong(text(header, 124, 12).trim().isEmpty() ? "0" : text(header, 124, 12).trim(), 8);
                byte[] data = in.readNBytes((int) size);
                in.skipNBytes((512 - size % 512) % 512);
                char type = (char) header[156];
                if (type == 'L') {
                    longName = new String(data, StandardCharsets.UTF_8).replace("\0", "");
                } else if (type == '0' || type == '\0') {
                    files.put(name, data);
                }
            }
        }

        private static String text(byte[] header, int from, int length) {
            int end = from;
            while (end < from + length && header[end] != 0) {
                end++;
            }
            return new String(header, from, end - from, StandardCharsets.US_ASCII);
        }

        private static boolean isZero(byte[] block) {
            for (byte b : block) {
                if (b != 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
