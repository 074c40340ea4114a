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
        return "xfer: " + e.getMessage().strip().replace('\n', ' ') + see;
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
