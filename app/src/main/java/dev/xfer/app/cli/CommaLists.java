package dev.xfer.app.cli;

import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The one rule for every comma-list option ({@code --size 1KiB,4KiB}, {@code --memory pinned,pageable},
 * any option declared with {@code split = ","}): an empty item ({@code 16MiB,}, {@code pinned,,heap})
 * and an item given twice ({@code pinned,pinned}) are usage errors naming the option, and the
 * position or the item. picocli drops a trailing empty item without a word, and an item given twice
 * would measure the same thing twice under one label. {@code --device} is one value that
 * {@code DeviceSelection} reads itself, with the same rule.
 */
public final class CommaLists {
    private CommaLists() {
    }

    /** Throws for the first comma-list option, at any level of {@code parsed}, that breaks the rule. */
    public static void refuseEmptyAndRepeated(ParseResult parsed) {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            for (OptionSpec option : level.matchedOptions()) {
                if (",".equals(option.splitRegex())) {
                    String problem = problem(option.longestName(), option.originalStringValues());
                    if (problem != null) {
                        throw new ParameterException(level.commandSpec().commandLine(), problem, option,
                                null);
                    }
                }
            }
        }
    }

    /**
     * What is wrong with {@code values} (each one occurrence of the option, itself a comma list),
     * or null: items are counted across every occurrence, from 1.
     */
    static String problem(String option, Iterable<String> values) {
        Set<String> seen = new HashSet<>();
        int position = 0;
        for (String value : values) {
            for (String item : value.split(",", -1)) {
                position++;
                String word = item.strip();
                if (word.isEmpty()) {
                    return option + " has an empty item at position " + position + " in '" + value + "'";
                }
                // Case-blind, as the enum options read their words: pinned,PINNED is one kind twice.
                if (!seen.add(word.toLowerCase(Locale.ROOT))) {
                    return option + " names '" + word + "' twice";
                }
            }
        }
        return null;
    }
}
