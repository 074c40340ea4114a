package dev.xfer.app.docs;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The documentation and picocli's model agree both ways: every command has its page
 * docs/commands/NAME.md naming each of its options, and every command and option the
 * documentation names exists.
 */
class OptionDocumentationTest {
    private static final Pattern LONG_OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
    /**
     * A command as written in code: `xfer topo`, `$ scripts/xfer devices`, `bin/xfer smoke`. A name
     * followed by " (" is a JUnit suite's label (`xfer expectations (device 0)`), not a command.
     */
    private static final Pattern COMMAND = Pattern.compile("(?:^|\\$ |/)xfer ([a-z][a-z0-9-]*+)(?! \\()");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");

    /**
     * Options of other programs that the documentation quotes (the JVM, Maven, the shell, Slurm,
     * reference programs); anything else spelled --like-this must be one of xfer's.
     */
    private static final Set<String> OTHER_PROGRAMS = Set.of(
            "--repo", "--pattern",              // gh release download
            "--cpunodebind", "--membind",       // numactl
            "--dump-includes",                  // jextract
            "--release", "--module-version",    // javac, building jextract by hand
            "--enable-native-access",           // java
            "--mode",                           // benchmarks/reference/bandwidth_ref
            "--ntasks-per-node", "--nodes", "--export", // srun and sbatch (Slurm)
            "--collector",                      // node_exporter (--collector.textfile.directory)
            "--preserve-status",                // timeout(1), coreutils
            "--schema",                         // xmllint (JUnitSchemaIT)
            "--dump-sass",                      // cuobjdump (the tma step of gpu-check.sh)
            "--loop");                          // nvbandwidth's --loopCount, cut where the name turns capital

    @Test
    void everyCommandHasItsPage() {
        List<String> missing = new ArrayList<>();
        for (CommandSpec command : CommandModel.commands()) {
            Path page = page(command);
            if (!Files.isRegularFile(page)) {
                missing.add("'" + command.qualifiedName() + "' has no page " + RepositoryFiles.root().relativize(page));
            }
        }
        assertTrue(missing.isEmpty(), "commands without a documentation page:\n" + String.join("\n", missing));
    }

    @Test
    void everyOptionIsOnItsCommandsPage() {
        List<String> missing = new ArrayList<>();
        for (CommandSpec command : CommandModel.commands()) {
            Path page = page(command);
            String text = Files.isRegularFile(page) ? RepositoryFiles.read(page) : "";
            for (OptionSpec option : CommandModel.ownOptions(command)) {
                if (!mentions(text, option.longestName())) {
                    missing.add(RepositoryFiles.root().relativize(page) + " does not name " + option.longestName()
                            + " of '" + command.qualifiedName() + "'");
                }
            }
        }
        assertTrue(missing.isEmpty(), "options missing from their command's page:\n" + String.join("\n", missing));
    }

    @Test
    void everyOptionTheDocsNameExists() {
        Set<String> known = CommandModel.allOptionNames();
        Set<String> unknown = new TreeSet<>();
        for (Path file : RepositoryFiles.markdown()) {
            Matcher m = LONG_OPTION.matcher(RepositoryFiles.read(file));
            while (m.find()) {
                String name = m.group();
                if (!known.contains(name) && !OTHER_PROGRAMS.contains(name)) {
                    unknown.add(RepositoryFiles.root().relativize(file) + ": " + name);
                }
            }
        }
        assertTrue(unknown.isEmpty(), "options the documentation names but xfer does not have:\n"
                + String.join("\n", unknown));
    }

    @Test
    void everyCommandTheDocsNameExists() {
        Set<String> known = new TreeSet<>();
        CommandModel.commands().forEach(c -> known.add(CommandModel.pageName(c)));
        Set<String> unknown = new TreeSet<>();
        for (Path file : RepositoryFiles.markdown()) {
            for (String code : code(RepositoryFiles.read(file))) {
                Matcher m = COMMAND.matcher(code.strip());
                while (m.find()) {
                    if (!known.contains(m.group(1))) {
                        unknown.add(RepositoryFiles.root().relativize(file) + ": xfer " + m.group(1));
                    }
                }
            }
        }
        assertTrue(unknown.isEmpty(), "commands the documentation names but xfer does not have:\n"
                + String.join("\n", unknown));
    }

    @Test
    void mentionsIsAWholeOptionName() {
        assertTrue(mentions("use `--size 4KiB`", "--size"));
        assertTrue(!mentions("use `--sizes 4KiB..1GiB`", "--size"));
        assertTrue(!mentions("use `--no-size`", "--size"));
    }

    private static boolean mentions(String text, String option) {
        return Pattern.compile("(?<![\\w-])" + Pattern.quote(option) + "(?![\\w-])").matcher(text).find();
    }

    private static Path page(CommandSpec command) {
        return RepositoryFiles.root().resolve("docs/commands/" + CommandModel.pageName(command) + ".md");
    }

    /** The code in a Markdown text: fenced blocks' lines and inline code spans. */
    private static List<String> code(String markdown) {
        List<String> code = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n")) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
            } else if (fenced) {
                code.add(line);
            } else {
                Matcher m = CODE_SPAN.matcher(line);
                while (m.find()) {
                    code.add(m.group(2));
                }
            }
        }
        return code;
    }
}
