package dev.xfer.app.run;

import java.util.Map;

/** What the terminal a drawing goes to allows: its width and whether colour is wanted. */
public final class TerminalWidth {
    static final int DEFAULT = 80;

    private TerminalWidth() {
    }

    public static int columns() {
        return columns(System.getenv());
    }

    /** {@code COLUMNS} when it is a positive number, else 80. */
    static int columns(Map<String, String> env) {
        String text = env.get("COLUMNS");
        if (text != null) {
            try {
                int n = Integer.parseInt(text.strip());
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // not a number: the default, as for an unset COLUMNS
            }
        }
        return DEFAULT;
    }

    public static boolean colour() {
        return colour(System.getenv(), System.console() != null && System.console().isTerminal());
    }

    /** Colour only on a terminal and without {@code NO_COLOR} (https://no-color.org: any value disables). */
    static boolean colour(Map<String, String> env, boolean terminal) {
        return terminal && !env.containsKey("NO_COLOR");
    }
}
