package dev.xfer.app.format;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On an {@code Optional}, {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}
 * record component: when empty, the key is written with the value {@code null}
 * ({@code "numaNode": null}) instead of being left out, and {@link RecordBinder} reads
 * {@code null} (or an absent key) back as empty. Without it an empty optional leaves its key out,
 * and a {@code null} in a document is an error there, as anywhere a value is expected.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface NullWhenEmpty {
}
