package dev.xfer.app.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.util.NameTransformer;

import java.io.IOException;
import java.util.Map;

/**
 * A component of an open interface (a document's {@code parameters}, its rows, its
 * {@code extras}): the record the reading binder's {@link RecordBinder.Choice} for the
 * component's owner and key picks from the object's keys. Databind's
 * {@code @JsonTypeInfo(use = DEDUCTION)} picks by keys too, but only among the subtypes the
 * interface names and by which keys fit alone; xfer's open interfaces are filled by every
 * command's records, and which one can hang on a key's value (smoke's tagged rows) or on the
 * whole document (a pattern run's GPU documents). The choices come with each read, as the
 * reader's attribute.
 */
final class Chosen extends StdDeserializer<Object> implements ContextualDeserializer {
    private final Map.Entry<Class<?>, String> component;

    Chosen(Class<?> type) {
        this(type, null);
    }

    private Chosen(Class<?> type, Map.Entry<Class<?>, String> component) {
        super(type);
        this.component = component;
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
        return property == null ? this : new Chosen(handledType(), Map.entry(property.getMember().getDeclaringClass(), property.getName()));
    }

    @Override
    public JsonDeserializer<Object> unwrappingDeserializer(NameTransformer unwrapper) {
        // Inline, it reads the keys the owner's other components leave; databind unwraps it only
        // when given another instance.
        return new Chosen(handledType(), component);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        Map<?, ?> choices = (Map<?, ?>) ctxt.getAttribute(RecordBinder.Choice.class);
        RecordBinder.Choice choice = choices == null || component == null ? null : (RecordBinder.Choice) choices.get(component);
        if (choice == null) {
            return ctxt.reportBadDefinition(getValueType(ctxt), "cannot bind JSON to the open interface "
                    + handledType().getName() + " of " + component + ": no choice names its record");
        }
        JsonNode node = ctxt.readTree(p);
        // Read as the document is (RecordBinder.Bound); a refusal of pick's is given the path by databind.
        return ctxt.readValue(new RecordBinder.Bound(node), pick(choice, node));
    }

    /**
     * The record {@code choice} picks for the object {@code root} (a document, or an open part of one).
     *
     * @throws BindingException when {@code root} is not an object, or the choice names no record
     */
    static Class<?> pick(RecordBinder.Choice choice, JsonNode root) {
        if (!root.isObject()) {
            throw BindingException.wrong("", "an object", NodeKind.of(root));
        }
        Class<?> picked = choice.of(root);
        if (picked == null) {
            throw new BindingException("", "not one of the kinds this document holds");
        }
        return picked;
    }
}
