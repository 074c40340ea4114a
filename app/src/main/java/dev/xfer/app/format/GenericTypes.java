package dev.xfer.app.format;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.HashMap;
import java.util.Map;

/**
 * What a declared type is once bound: its class, its type argument, a type variable or wildcard
 * resolved against the enclosing generic records' arguments. A type outside what
 * {@link RecordBinder} binds is a programming error ({@link IllegalArgumentException}).
 */
final class GenericTypes {
    private GenericTypes() {
    }

    /** The type variables of a generic record as {@code type} gives them, on top of the enclosing ones. */
    static Map<TypeVariable<?>, Type> variables(Type type, Class<?> raw, Map<TypeVariable<?>, Type> outer) {
        TypeVariable<?>[] params = raw.getTypeParameters();
        if (params.length == 0) {
            return outer;
        }
        if (!(type instanceof ParameterizedType p)) {
            throw new IllegalArgumentException("cannot bind the generic " + raw.getName() + " without its type arguments");
        }
        Map<TypeVariable<?>, Type> vars = new HashMap<>(outer);
        Type[] args = p.getActualTypeArguments();
        for (int i = 0; i < params.length; i++) {
            vars.put(params[i], resolved(args[i], outer));
        }
        return vars;
    }

    static Type resolved(Type type, Map<TypeVariable<?>, Type> vars) {
        if (type instanceof WildcardType w && w.getLowerBounds().length == 0 && w.getUpperBounds().length == 1) {
            // List<? extends Row>: bound as its bound (a choice, when the bound is an open interface).
            return resolved(w.getUpperBounds()[0], vars);
        }
        if (type instanceof TypeVariable<?> v) {
            Type bound = vars.get(v);
            if (bound == null) {
                throw new IllegalArgumentException("cannot bind the type variable " + v.getName());
            }
            return bound;
        }
        return type;
    }

    static Class<?> raw(Type type) {
        return switch (type) {
            case Class<?> c -> c;
            case ParameterizedType p -> (Class<?>) p.getRawType();
            default -> throw new IllegalArgumentException("cannot bind JSON to a " + type.getTypeName());
        };
    }

    /** The first type argument: a list's or an optional's element. */
    static Type argument(Type type, String path) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[0];
        }
        throw new IllegalArgumentException("cannot bind a raw " + type.getTypeName() + " (" + path + ")");
    }
}
