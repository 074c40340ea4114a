package dev.xfer.app.units;

/**
 * Quotes user input for error messages.
 *
 * <p>Messages must stay on one line even when the input carries line breaks or other control
 * characters, so those are shown as escapes instead of being copied through.
 */
public final class InputText {
    private InputText() {
    }

    /** Returns {@code input} in single quotes, with control characters written as escapes. */
    public static String quote(String input) {
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
}
