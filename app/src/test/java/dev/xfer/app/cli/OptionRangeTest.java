package dev.xfer.app.cli;

import dev.xfer.app.commands.XferCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every whole-number option names its own range when a value does not fit: one far too large for
 * its Java type (picocli's int would say -2147483648 to 2147483647), and one just outside the
 * range, which the command's plan refuses; both with the same bounds.
 */
class OptionRangeTest {
    /** Options whose range is their type's: any seed is a seed. */
    private static final Set<String> TYPE_RANGE = Set.of("--seed");

    private record Ranged(String command, String option, OptionRange range, long typeMax) {
        /** The command line with {@code value}, and what the option needs beside it. */
        String[] with(String value) {
            List<String> args = new ArrayList<>(List.of(command, option, value));
            if (command.equals("bandwidth") && Set.of("--threads", "--staging-slots").contains(option)) {
                args.addAll(List.of("--copy", "staged"));
            }
            return args.toArray(String[]::new);
        }
    }

    private static List<Ranged> rangedOptions() {
        List<Ranged> all = new ArrayList<>();
        CommandLine root = new CommandLine(new XferCommand());
        for (CommandLine sub : root.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            for (OptionSpec option : spec.options()) {
                Class<?> type = option.type();
                boolean isInt = type == int.class || type == Integer.class;
                boolean isLong = type == long.class || type == Long.class;
                if (!isInt && !isLong || TYPE_RANGE.contains(option.longestName())) {
                    continue;
                }
                OptionRange range = option.userObject() instanceof Field f ? f.getAnnotation(OptionRange.class) : null;
                assertTrue(range != null, "xfer " + spec.name() + " " + option.longestName()
                        + ": a whole-number option declares its range (@OptionRange)");
                all.add(new Ranged(spec.name(), option.longestName(), range, isInt ? Integer.MAX_VALUE : Long.MAX_VALUE));
            }
        }
        return all;
    }

    @Test
    void everyWholeNumberOptionIsRangedAndSaysItsRange() {
        List<Ranged> ranged = rangedOptions();
        assertTrue(ranged.size() >= 25, ranged.toString());
        for (Ranged r : ranged) {
            String words = OptionRange.Words.of(r.range(), r.typeMax());
            XferRun huge = XferRun.of(r.with("99999999999999999999"));
            huge.assertOneLine(ExitCode.USAGE, "xfer: " + r.option() + " must be " + words + ", not 99999999999999999999 (see xfer "
                    + r.command() + " --help)");
        }
    }

    /** The plan's own check, for a value that fits the type, uses the same bounds as the annotation. */
    @Test
    void theCommandsOwnCheckHasTheSameBounds() {
        for (Ranged r : rangedOptions()) {
            long below = r.range().min() - 1;
            XferRun low = XferRun.of(r.with(Long.toString(below)));
            assertEquals(ExitCode.USAGE, low.exitCode(), r + ": " + low.err());
            assertTrue(low.err().startsWith("xfer: " + r.option() + " must "), r + ": " + low.err());
            assertTrue(r.range().min() == 0 ? low.err().contains("negative")
                    : low.err().matches("(?s)xfer: \\S+ must be (at least )?" + r.range().min() + "\\b.*"), r + ": " + low.err());
            if (r.range().max() < r.typeMax()) {
                long above = r.range().max() + 1;
                XferRun high = XferRun.of(r.with(Long.toString(above)));
                assertEquals(ExitCode.USAGE, high.exitCode(), r + ": " + high.err());
                assertTrue(high.err().startsWith("xfer: " + r.option() + " must "), r + ": " + high.err());
                assertTrue(high.err().contains(Long.toString(r.range().max())), r + ": " + high.err());
            }
        }
    }
}
