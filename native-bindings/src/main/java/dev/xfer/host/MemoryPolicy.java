package dev.xfer.host;

import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A thread's NUMA memory policy as {@code get_mempolicy} reports it: where pages it touches
 * first are allocated.
 *
 * @param mode  the mode as the kernel returns it, mode flags ({@code MPOL_F_STATIC_NODES},
 *              {@code MPOL_F_RELATIVE_NODES}) included, so that it can be set again unchanged
 * @param nodes the policy's nodes; empty for {@code MPOL_DEFAULT} and local allocation
 */
public record MemoryPolicy(int mode, SortedSet<Integer> nodes) {
    /** Allocate on the node of the CPU that touches the page first (the process default). */
    public static final int MPOL_DEFAULT = 0;
    /** Prefer the given node, fall back to others when it is full. */
    public static final int MPOL_PREFERRED = 1;
    /** Allocate only on the given nodes. */
    public static final int MPOL_BIND = 2;
    public static final int MPOL_INTERLEAVE = 3;
    public static final int MPOL_LOCAL = 4;
    public static final int MPOL_PREFERRED_MANY = 5;
    public static final int MPOL_WEIGHTED_INTERLEAVE = 6;

    private static final int MODE_FLAGS = (1 << 15) | (1 << 14) | (1 << 13);

    public MemoryPolicy {
        TreeSet<Integer> copy = new TreeSet<>();
        for (Integer node : nodes) {
            if (node == null || node < 0) {
                throw new IllegalArgumentException("NUMA node numbers are not negative, got " + node);
            }
            copy.add(node);
        }
        nodes = Collections.unmodifiableSortedSet(copy);
    }

    public static MemoryPolicy of(int mode, Collection<Integer> nodes) {
        return new MemoryPolicy(mode, new TreeSet<>(nodes));
    }

    /** The mode without its flags, e.g. {@link #MPOL_BIND}. */
    public int baseMode() {
        return mode & ~MODE_FLAGS;
    }

    /** Whether pages this thread touches first may only, or should preferably, land on {@code nodes}. */
    public boolean restrictsPlacement() {
        int base = baseMode();
        return !nodes.isEmpty() && (base == MPOL_BIND || base == MPOL_PREFERRED || base == MPOL_PREFERRED_MANY);
    }

    /** {@code MPOL_BIND}, or {@code mode 9} for one this class does not know. */
    public String modeName() {
        return switch (baseMode()) {
            case MPOL_DEFAULT -> "MPOL_DEFAULT";
            case MPOL_PREFERRED -> "MPOL_PREFERRED";
            case MPOL_BIND -> "MPOL_BIND";
            case MPOL_INTERLEAVE -> "MPOL_INTERLEAVE";
            case MPOL_LOCAL -> "MPOL_LOCAL";
            case MPOL_PREFERRED_MANY -> "MPOL_PREFERRED_MANY";
            case MPOL_WEIGHTED_INTERLEAVE -> "MPOL_WEIGHTED_INTERLEAVE";
            default -> "mode " + baseMode();
        };
    }

    /** {@code MPOL_BIND nodes 0}, {@code MPOL_DEFAULT}. */
    @Override
    public String toString() {
        return nodes.isEmpty() ? modeName() : modeName() + " nodes " + CpuSet.of(nodes);
    }
}
