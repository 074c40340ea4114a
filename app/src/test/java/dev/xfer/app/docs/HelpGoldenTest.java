package dev.xfer.app.docs;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.commands.XferCommand;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --help} of every command at 80 columns, against {@code golden/help/<page>.txt}
 * ({@code xfer.txt}, {@code bandwidth.txt}, ...): a change to any option's wording, order or
 * wrapping shows in the diff. Rewrite them all after a deliberate change (a new option or
 * command included) with
 * {@code ./mvnw -B -ntp -o -q test -pl app -am -Dtest=HelpGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dxfer.updateGolden=true}
 * and review the diff.
 */
class HelpGoldenTest {
    private static final int WIDTH = 80;
    private static final Path HELP_DIR = Path.of("src/test/resources/golden/help");

    /** The help as a user at an 80-column terminal sees it. */
    private static CommandLine at80Columns() {
        CommandLine root = new CommandLine(new XferCommand());
        root.setUsageHelpAutoWidth(false);
        root.setUsageHelpWidth(WIDTH);
        return root;
    }

    private static List<CommandLine> commands() {
        List<CommandLine> all = new ArrayList<>();
        collect(at80Columns(), all);
        return all;
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }

    private static String file(CommandLine command) {
        return CommandModel.pageName(command.getCommandSpec()) + ".txt";
    }

    @TestFactory
    Stream<DynamicTest> everyCommandsHelpIsItsGoldenFile() {
        return commands().stream().map(command -> DynamicTest.dynamicTest(file(command), () ->
                GoldenFile.assertMatches("help/" + file(command), command.getUsageMessage(),
                        "xfer " + CommandModel.pageName(command.getCommandSpec()) + " --help changed: if on purpose,"
                                + " rewrite the golden help files (-Dtest=HelpGoldenTest -Dxfer.updateGolden=true)"
                                + " and review the diff")));
    }

    @Test
    void noGoldenHelpIsLeftForACommandThatIsGone() throws IOException {
        Set<String> expected = commands().stream().map(HelpGoldenTest::file).collect(Collectors.toCollection(TreeSet::new));
        Set<String> present;
        try (Stream<Path> files = Files.list(HELP_DIR)) {
            present = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        if (Boolean.getBoolean("xfer.updateGolden")) {
            present.removeAll(expected);
            for (String stale : present) {
                Files.delete(HELP_DIR.resolve(stale));
            }
            return;
        }
        assertEquals(expected, present);
    }

    @Test
    void everyLineFitsIn80Columns() {
        for (CommandLine command : commands()) {
            for (String line : command.getUsageMessage().split("\n")) {
                assertTrue(line.length() <= WIDTH, file(command) + ": " + line.length() + " columns: " + line);
            }
        }
    }

    /**
     * A description's parts are paragraphs or list items, each wrapped by picocli at the terminal's
     * width: a part that stops mid-sentence would break the line there at any width.
     */
    @Test
    void descriptionsBreakOnlyBetweenParagraphs() {
        List<String> broken = new ArrayList<>();
        for (CommandLine command : commands()) {
            CommandSpec spec = command.getCommandSpec();
            String where = "xfer " + CommandModel.pageName(spec);
            checkParts(where + " description", spec.usageMessage().description(), broken);
            checkParts(where + " header", spec.usageMessage().header(), broken);
            for (ArgSpec arg : spec.args()) {
                checkParts(where + " " + (arg instanceof CommandLine.Model.OptionSpec o ? o.longestName()
                        : arg.paramLabel()), arg.description(), broken);
            }
        }
        assertEquals(List.of(), broken);
    }

    private static void checkParts(String where, String[] parts, List<String> broken) {
        for (int i = 0; i < parts.length - 1; i++) {
            String part = parts[i].strip();
            if (!part.endsWith(".") || part.endsWith("e.g.") || part.endsWith("i.e.")) {
                broken.add(where + ": '" + part + "' ends mid-sentence");
            }
        }
    }
}
