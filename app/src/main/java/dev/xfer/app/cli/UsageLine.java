package dev.xfer.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.util.Collection;
import java.util.List;

/**
 * The one line a command line xfer cannot parse gets: what was wrong, in xfer's words where
 * picocli's would name its own workings ("Unmatched argument at index 0"), and which help to read.
 */
public final class UsageLine {
    private UsageLine() {
    }

    /** {@code xfer: <what was wrong> (see xfer <command> --help)}. */
    public static String of(ParameterException e) {
        CommandSpec where = e.getCommandLine().getCommandSpec();
        String see = " (see " + where.qualifiedName() + " --help)";
        if (e instanceof UnmatchedArgumentException u && isUnknownCommand(where, u.getUnmatched())) {
            String word = u.getUnmatched().getFirst();
            List<String> near = near(word, where.subcommands().keySet());
            String guess = near.isEmpty() ? "" : ", did you mean " + String.join(" or ", near) + "?";
            return "xfer: unknown command '" + word + "'" + guess + see;
        }
        String outOfRange = outOfRange(e);
        if (outOfRange != null) {
            return "xfer: " + outOfRange + see;
        }
        return "xfer: " + problem(e.getMessage()) + see;
    }

    /**
     * picocli's message as the problem: on one line, without the {@code Error: } that picocli puts
     * before some of its own (an exclusive group's, a group's missing argument), which would read
     * {@code xfer: Error: ...} beside every other line's {@code xfer: <problem>}.
     */
    static String problem(String message) {
        String line = message.strip().replace('\n', ' ');
        while (line.startsWith(PICOCLI_ERROR)) {
            line = line.substring(PICOCLI_ERROR.length()).strip();
        }
        return line;
    }

    private static final String PICOCLI_ERROR = "Error: ";

    /**
     * {@code --streams must be 1 to 1024, not 99999999999}: a whole number too large for the
     * option's Java type, refused in the option's own range ({@link OptionRange}) rather than the
     * type's; null for any other failure or an option that declares no range.
     */
    private static String outOfRange(ParameterException e) {
        if (!(e.getArgSpec() instanceof CommandLine.Model.OptionSpec option)
                || !(option.userObject() instanceof java.lang.reflect.Field field)) {
            return null;
        }
        OptionRange range = field.getAnnotation(OptionRange.class);
        String value = e.getValue() == null ? "" : e.getValue().strip();
        if (range == null || !value.matches("[+-]?[0-9]+")) {
            return null;
        }
        Class<?> type = option.type();
        long typeMax = type == int.class || type == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
        long typeMin = type == int.class || type == Integer.class ? Integer.MIN_VALUE : Long.MIN_VALUE;
        java.math.BigInteger number = new java.math.BigInteger(value);
        boolean withinType = number.compareTo(java.math.BigInteger.valueOf(typeMin)) >= 0
                && number.compareTo(java.math.BigInteger.valueOf(typeMax)) <= 0;
        boolean withinRange = number.compareTo(java.math.BigInteger.valueOf(range.min())) >= 0
                && number.compareTo(java.math.BigInteger.valueOf(range.max())) <= 0;
        if (withinType && withinRange) {
            return null; // a converter refused it for another reason: its own words stand
        }
        return option.longestName() + " must be " + OptionRange.Words.of(range, typeMax) + ", not " + value;
    }

    /**
     * Throws for words no command or option matched, at any level of {@code parsed}. picocli
     * throws for them itself, except when a help option was also given.
     */
    public static void refuseUnmatched(ParseResult parsed) {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (!level.unmatched().isEmpty()) {
                throw new UnmatchedArgumentException(level.commandSpec().commandLine(), level.unmatched());
            }
        }
    }

    /**
     * The commands within two typing slips of {@code word} ({@code bandwith}: bandwidth). picocli's
     * own suggestions offer the nearest commands however far they are ("frobnicate": batch, devices).
     */
    static List<String> near(String word, Collection<String> commands) {
        return commands.stream().filter(c -> editDistance(word, c) <= MAX_SLIPS).sorted().toList();
    }

    private static final int MAX_SLIPS = 2;

    /** Levenshtein distance: insertions, deletions and substitutions. */
    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    /** The first word left over where a subcommand was expected, and not an option. */
    private static boolean isUnknownCommand(CommandSpec where, List<String> unmatched) {
        return !where.subcommands().isEmpty() && !unmatched.isEmpty() && !unmatched.getFirst().startsWith("-");
    }
}
