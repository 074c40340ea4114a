package dev.xfer.app.fleet;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * A list whose elements are made when asked for and never kept: a document's rows written one at
 * a time by the JSON writer, which iterates them, so a large fleet's rows never stand whole in
 * memory. Equal to any list of equal elements, as a bound document's lists are.
 */
final class ComputedList<T> extends AbstractList<T> {
    private final int size;
    private final IntFunction<T> element;

    private ComputedList(int size, IntFunction<T> element) {
        this.size = size;
        this.element = Objects.requireNonNull(element, "element");
    }

    static <T> List<T> of(int size, IntFunction<T> element) {
        return new ComputedList<>(size, element);
    }

    @Override
    public T get(int index) {
        Objects.checkIndex(index, size);
        return element.apply(index);
    }

    @Override
    public int size() {
        return size;
    }
}
