package dev.xfer.app.format;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a sealed interface whose permitted subclasses are records, each marked with a {@link Tag}:
 * a record of it is written as an object whose first key is {@link #value()} with the record's
 * tag ({@code {"kind": "throttle", ...}}), then the record's components; {@link RecordBinder}
 * binds such an object to the record whose tag the key names.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Discriminator {
    /** The key that names the record, {@code kind} for instance. */
    String value();
}
