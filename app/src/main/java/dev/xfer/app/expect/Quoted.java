package dev.xfer.app.expect;

/**
 * Quotes user input for messages, which must stay on one line whatever the input holds, so
 * control characters are written as escapes.
 */
final class Quoted {
    private Quoted() {
    }

    /** Returns {@code input} in single quotes, with control characters written as escapes. */
    static String quote(String input) {
        StringBuilder out = new StringBuilder(input.length() + 2).append('\'');
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('\'').toString();
    }

    /** The prefix of every message about one {@code --expect} option: {@code --expect 'TEXT': }. */
    static String option(String text) {
        return "--expect " + quote(text) + ": ";
    }
}
