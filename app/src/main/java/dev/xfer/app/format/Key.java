package dev.xfer.app.format;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a record component whose key cannot be its name, because the key is a Java keyword
 * (check's {@code "synchronized"}): the key it is written under and bound from. Every other
 * component's key is its name.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Key {
    String value();
}
