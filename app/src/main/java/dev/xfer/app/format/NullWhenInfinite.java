package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@code double} record component that may be infinite (a standard deviation past the double
 * range): the writer writes it as {@code null}, as it writes any non-finite number, and reading
 * takes that {@code null} back as positive infinity. Anywhere else a {@code null} where a number
 * is required is refused.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
@JacksonAnnotationsInside
@JsonDeserialize(using = NullWhenInfinite.Infinity.class)
@JsonSetter(nulls = Nulls.SET)
public @interface NullWhenInfinite {
    /** A finite number, or positive infinity for {@code null}; an absent key is refused. */
    final class Infinity extends NumberDeserializers.DoubleDeserializer {
        public Infinity() {
            super(Double.class, Double.POSITIVE_INFINITY);
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) throws JsonMappingException {
            throw Strict.none(ctxt, double.class);
        }
    }
}
