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

/**
 * A component of an open interface (a document's {@code parameters}, its rows, its
 * {@code extras}): the record the reading binder's {@link RecordBinder.Choice} for the
 * component's owner and key picks from the object's keys. Databind's
 * {@code @JsonTypeInfo(use = DEDUCTION)} picks by keys too, but only among the subtypes the
 * interface names and by which keys fit alone; xfer's open interfaces are filled by every
 * command's records, and which one can hang on a key's value (smoke's tagged rows) or on the
 * whole document (a pattern run's GPU documents). The choices come with each read, as the
 * reader's attribute {@link RecordBinder.Choices}.
 */
final class Chosen extends StdDeserializer<Object> implements ContextualDeserializer {
    private final Class<?> owner;
    private final String key;

    Chosen(Class<?> type) {
        this(type, null, null);
    }

    private Chosen(Class<?> type, Class<?> owner, String key) {
        super(type);
        this.owner = owner;
        this.key = key;
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
        return property == null ? this : new Chosen(handledType(), property.getMember().getDeclaringClass(),
                property.getName());
    }

    @Override
    public JsonDeserializer<Object> unwrappingDeserializer(NameTransformer unwrapper) {
        // Inline, it reads the keys the owner's other components leave; databind unwraps it only
        // when given another instance.
        return new Chosen(handledType(), owner, key);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        RecordBinder.Choices choices = (RecordBinder.Choices) ctxt.getAttribute(RecordBinder.Choices.class);
        RecordBinder.Choice choice = choices == null || owner == null ? null : choices.of(owner, key);
        if (choice == null) {
            return ctxt.reportBadDefinition(getValueType(ctxt), "cannot bind JSON to the open interface "
                    + handledType().getName() + " of " + owner + "." + key + ": no choice names its record");
        }
        JsonNode node = ctxt.readTree(p);
        Class<?> picked;
        try {
            picked = pick(choice, node);
        } catch (BindingException e) {
            throw new Refusal(ctxt, e.why());
        }
        return ctxt.readTreeAsValue(node, picked);
    }

    /**
     * The record {@code choice} picks for {@code node}.
     *
     * @throws BindingException at the node (the reader puts its path on it) when {@code node} is not an
     *                          object, or the choice names no record
     */
    static Class<?> pick(RecordBinder.Choice choice, JsonNode node) {
        if (!node.isObject()) {
            throw BindingException.wrong("", "an object", NodeKind.of(node));
        }
        Class<?> picked = choice.of(new Fields(node));
        if (picked == null) {
            throw new BindingException("", "not one of the kinds this document holds");
        }
        return picked;
    }
}
