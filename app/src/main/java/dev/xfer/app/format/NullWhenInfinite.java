package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
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
    final class Infinity extends StdDeserializer<Double> {
        private static final Strict.Finite FINITE = new Strict.Finite(double.class, 0.0);

        public Infinity() {
            super(double.class);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return FINITE.deserialize(p, ctxt);
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.POSITIVE_INFINITY;
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) throws JsonMappingException {
            throw Strict.none(ctxt, double.class);
        }
    }
}
