package dev.xfer.app.output;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.result.IdentityField;

/**
 * What a bound document's field says beyond what its type can refuse, refused naming the field's
 * path: a whole number out of its range. Every refusal of the gates' reading of rows is worded
 * here, so one field reads the same wherever it is refused.
 */
public final class FieldChecks {
    private FieldChecks() {
    }

    /**
     * {@code value} at {@code path}, from {@code min} to {@code max}.
     *
     * @throws BindingException {@code results[0].numaNode: expected a whole number from 0 to 1023, got 4096}
     */
    public static long range(String path, long value, long min, long max) {
        if (value < min || value > max) {
            throw BindingException.wrong(path, "a whole number from " + min + " to " + max, Long.toString(value));
        }
        return value;
    }

    /**
     * {@code word} at {@code path}, a word as identities hold them.
     *
     * @throws BindingException {@code results[0].memory: expected a word of a-z, 0-9 and '-', got text "Pinned"}
     */
    public static String word(String path, String word) {
        if (!IdentityField.isWord(word)) {
            throw BindingException.wrong(path, "a word of a-z, 0-9 and '-'", "text \"" + word + "\"");
        }
        return word;
    }
}
