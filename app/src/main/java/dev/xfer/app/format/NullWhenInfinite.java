package dev.xfer.app.format;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@code double} record component that may be infinite (a standard deviation past the double
 * range): the writer writes it as {@code null}, as it writes any non-finite number, and
 * {@link RecordBinder} reads that {@code null} back as positive infinity. Anywhere else a
 * {@code null} where a number is required is an error.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface NullWhenInfinite {
}
