package dev.xfer.app.docs;

import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every value a user may type is in --help: read from picocli's model, every option with a fixed
 * set of values (its completion candidates, made from the enums the commands parse with) lists
 * them all in its command's --help; each listed value is accepted and a value not listed is
 * refused (exit 2, before CUDA); and no option names an enum's values in its description without
 * declaring them, which would let help and code drift.
 */
class ChoicesInHelpTest {
    /** A nonexistent libcudart: a value that passes validation ends at exit 3, on any machine. */
    private static final String[] NO_CUDA = {"--cudart", "/nonexistent/libcudart.so"};
    /** Options whose some values need another option to make sense: p2p and the patterns need two GPUs. */
    private static final Map<String, List<String>> CONTEXT = Map.of("bandwidth --direction p2p", List.of("--device", "0,1"),
            "bandwidth --pattern all-to-host", List.of("--device", "0,1"),
            "bandwidth --pattern host-to-all", List.of("--device", "0,1"),
            "bandwidth --pattern all-to-one", List.of("--device", "0,1"),
            "bandwidth --pattern one-to-all", List.of("--device", "0,1"),
            "bandwidth --pattern all", List.of("--device", "0,1"),
            "bandwidth --initiation write", List.of("--pattern", "all-to-one", "--device", "0,1"),
            "bandwidth --initiation read", List.of("--pattern", "one-to-all", "--device", "0,1"));

    private record Enumerated(CommandSpec command, OptionSpec option, List<String> values) {
        String name() {
            return command.qualifiedName() + " " + option.longestName();
        }
    }

    private static List<Enumerated> enumerated() {
        List<Enumerated> all = new ArrayList<>();
        for (CommandSpec command : CommandModel.commands()) {
            for (OptionSpec option : CommandModel.ownOptions(command)) {
                if (option.completionCandidates() != null) {
                    all.add(new Enumerated(command, option,
                            StreamSupport.stream(option.completionCandidates().spliterator(), false).toList()));
                }
            }
        }
        return all;
    }

    private static String help(CommandSpec command) {
        return command.commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
    }

    @Test
    void theEnumeratedOptionsAreFound() {
        Set<String> names = new TreeSet<>(enumerated().stream().map(Enumerated::name).toList());
        for (String expected : List.of("xfer bandwidth --memory", "xfer bandwidth --direction", "xfer bandwidth --timer",
                "xfer batch --preset", "xfer batch --strategies", "xfer batch --host-copy", "xfer check --memory",
                "xfer check --scenarios", "xfer bandwidth --copy", "xfer overlap --schedules", "xfer overlap --memory", "xfer pipeline --buffers")) {
            assertTrue(names.contains(expected), expected + " not among " + names);
        }
        enumerated().forEach(e -> assertTrue(e.values().size() >= 2, e.name() + ": " + e.values()));
    }

    @TestFactory
    Stream<DynamicTest> helpListsEveryValue() {
        return enumerated().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            String help = help(e.command());
            assertTrue(help.contains(String.join(", ", e.values())),
                    e.name() + ": --help does not list " + e.values() + ":\n" + help);
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyListedValueIsAccepted() {
        return enumerated().stream().flatMap(e -> e.values().stream().map(value -> DynamicTest.dynamicTest(
                e.name() + " " + value, () -> {
                    XferRun run = run(e, value);
                    assertEquals(3, run.exitCode(), e.name() + " " + value + " should pass validation: " + run.err());
                })));
    }

    @TestFactory
    Stream<DynamicTest> aValueNotListedIsRefused() {
        return enumerated().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            String value = e.values().stream().allMatch(v -> v.matches("\\d+"))
                    ? Integer.toString(e.values().stream().mapToInt(Integer::parseInt).max().orElseThrow() + 1)
                    : "nosuch-" + e.values().getFirst();
            XferRun run = run(e, value);
            assertEquals(2, run.exitCode(), e.name() + " " + value + ": " + run.err());
        }));
    }

    /**
     * An option whose description names two or more values of one enumerated option (say
     * "pinned, registered") but declares no candidates lists them by hand, and would drift. Parts
     * of dotted result names ('pinned.h2d >= 45GB/s' in --expect's examples) are not values.
     */
    @Test
    void noOptionListsAnEnumsValuesByHand() {
        List<Set<String>> valueSets = enumerated().stream().map(e -> (Set<String>) new TreeSet<>(e.values())).toList();
        List<String> byHand = new ArrayList<>();
        for (CommandSpec command : CommandModel.commands()) {
            for (OptionSpec option : CommandModel.ownOptions(command)) {
                if (option.completionCandidates() != null) {
                    continue;
                }
                String description = String.join(" ", option.description());
                for (Set<String> values : valueSets) {
                    long named = values.stream()
                            .filter(v -> !v.matches("\\d+|all"))
                            .filter(v -> Pattern.compile("(?<![\\w.-])" + Pattern.quote(v) + "(?![\\w.-])").matcher(description).find())
                            .count();
                    if (named >= 2) {
                        byHand.add(command.qualifiedName() + " " + option.longestName() + " names " + values);
                    }
                }
            }
        }
        assertTrue(byHand.isEmpty(), "options listing values without completionCandidates:\n" + String.join("\n", byHand));
    }

    @Test
    void valuesHaveNoSpacesOrCommas() {
        // --help joins them with ", " and options split their value lists at commas.
        enumerated().forEach(e -> e.values().forEach(v -> assertFalse(v.isBlank() || v.contains(",") || v.contains(" "),
                e.name() + ": '" + v + "'")));
    }

    private static XferRun run(Enumerated e, String value) {
        List<String> args = new ArrayList<>(List.of(e.command().name(), e.option().longestName(), value));
        args.addAll(CONTEXT.getOrDefault(e.command().name() + " " + e.option().longestName() + " " + value, List.of()));
        args.addAll(List.of(NO_CUDA));
        return XferRun.of(args.toArray(String[]::new));
    }
}
