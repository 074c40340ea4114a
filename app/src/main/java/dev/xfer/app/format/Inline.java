package dev.xfer.app.format;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a record component whose value is a record or a map: its members are written as members of
 * the enclosing object, where the component stands, instead of as one object under the
 * component's name. A document's envelope holds a command's own fields this way (the rows of
 * JSON Lines, what a command adds after its results) without knowing them. A key the enclosing
 * object has already written is refused, as a map could never repeat one. {@link RecordBinder}
 * binds an inline record from the enclosing object itself (its other keys are unknown there and
 * ignored); an inline map is written only.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Inline {
}
