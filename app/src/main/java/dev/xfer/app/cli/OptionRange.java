package dev.xfer.app.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a whole-number option takes, on its field beside {@code @Option}: a value too large
 * for a Java int or long is then refused with the option's own range
 * ({@code --streams must be 1 to 1024, not 99999999999}), not the type's limits. The command's
 * plan still checks the values that fit the type, in the same words; {@code OptionRangeTest}
 * holds the two to the same bounds.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface OptionRange {
    long min();

    /** {@link Long#MAX_VALUE}: no bound but the type's, said as "at least min". */
    long max() default Long.MAX_VALUE;

    /** The range in words: "1 to 1024", "at least 1", "0 or more". */
    final class Words {
        private Words() {
        }

        public static String of(OptionRange range, long typeMax) {
            if (range.max() >= typeMax) {
                // A whole number beyond the type is refused too: say where the range really ends
                // (99999999999 is not "at least 1"'s counterexample). Long's end is no one's typo.
                if (typeMax <= Integer.MAX_VALUE) {
                    return range.min() + " to " + typeMax;
                }
                return range.min() == 0 ? "0 or more" : "at least " + range.min();
            }
            return range.min() + " to " + range.max();
        }
    }
}
