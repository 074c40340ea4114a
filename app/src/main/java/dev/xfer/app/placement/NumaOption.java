package dev.xfer.app.placement;

import java.util.Locale;
import java.util.Optional;

/**
 * The {@code --numa-node} option: a node number, {@code auto} (the GPU's own node), {@code all}
 * (every node in turn), or not given.
 *
 * @param kind which of those
 * @param node the node number for {@link Kind#NODE}, else -1
 */
public record NumaOption(Kind kind, int node) {
    /** Node numbers the option accepts; Linux on x86-64 has at most 1024 nodes. */
    public static final int MAX_NODE = 1023;

    public enum Kind {
        /** Not given: nothing is placed. */
        NONE,
        /** One node by number. */
        NODE,
        /** The GPU's node, when known. */
        AUTO,
        /** Every node, one after the other. */
        ALL
    }

    public NumaOption {
        if ((kind == Kind.NODE) != (node >= 0)) {
            throw new IllegalArgumentException("a node number goes with NODE only, got " + kind + " " + node);
        }
    }

    public static final NumaOption NONE = new NumaOption(Kind.NONE, -1);
    public static final NumaOption AUTO = new NumaOption(Kind.AUTO, -1);
    public static final NumaOption ALL = new NumaOption(Kind.ALL, -1);

    public static NumaOption node(int node) {
        if (node < 0 || node > MAX_NODE) {
            throw new IllegalArgumentException("--numa-node takes a node number 0 to " + MAX_NODE + ", auto or all, not "
                    + node);
        }
        return new NumaOption(Kind.NODE, node);
    }

    /**
     * Reads the option's text: {@code 0}, {@code 12}, {@code auto}, {@code all} (any case);
     * {@code null} means not given.
     *
     * @throws IllegalArgumentException with a one-line reason for anything else
     */
    public static NumaOption parse(String text) {
        if (text == null) {
            return NONE;
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        switch (t) {
            case "auto" -> {
                return AUTO;
            }
            case "all" -> {
                return ALL;
            }
            default -> {
                if (t.matches("[0-9]{1,4}")) {
                    return node(Integer.parseInt(t));
                }
                throw new IllegalArgumentException("--numa-node takes a node number, auto or all, not '" + text + "'");
            }
        }
    }

    /** Whether the option was given at all. */
    public boolean given() {
        return kind != Kind.NONE;
    }

    /** The option as written back, for results: {@code "1"}, {@code "auto"}, {@code "all"}; empty when not given. */
    public Optional<String> label() {
        return switch (kind) {
            case NONE -> Optional.empty();
            case NODE -> Optional.of(Integer.toString(node));
            case AUTO -> Optional.of("auto");
            case ALL -> Optional.of("all");
        };
    }
}
