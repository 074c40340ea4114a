package dev.xfer.app.latency;

import java.util.SplittableRandom;

/**
 * The order a pointer chase visits its nodes: {@link #next(int)} of node i is the node whose
 * address node i holds. Always one cycle through every node, so a chase of any length from
 * node 0 never settles into a shorter loop that would fit in a cache the buffer does not.
 */
public final class ChaseCycle {
    private final int[] next;

    private ChaseCycle(int[] next) {
        this.next = next;
    }

    /**
     * @param nodes how many nodes, at least 1
     * @param seed  the random order's seed: the same seed gives the same cycle on every run
     */
    public static ChaseCycle of(int nodes, ChaseOrder order, long seed) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a chase needs at least one node, not " + nodes);
        }
        int[] next = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            next[i] = i;
        }
        if (order == ChaseOrder.SEQUENTIAL) {
            for (int i = 0; i < nodes; i++) {
                next[i] = (i + 1) % nodes;
            }
            return new ChaseCycle(next);
        }
        // Sattolo's algorithm: Fisher-Yates with j drawn strictly below i. Each swap joins two
        // cycles of i -> next[i], so the result is one cycle, every cyclic permutation equally likely.
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = nodes - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        return new ChaseCycle(next);
    }

    public int nodes() {
        return next.length;
    }

    /** The node that node {@code node} points to. */
    public int next(int node) {
        return next[node];
    }

    /** The node a chase that starts at node 0 reaches after {@code steps} accesses. */
    public int after(long steps) {
        if (steps < 0) {
            throw new IllegalArgumentException("steps must not be negative: " + steps);
        }
        // One cycle of length nodes(): walking it whole returns to node 0.
        long remaining = steps % next.length;
        int node = 0;
        for (long s = 0; s < remaining; s++) {
            node = next[node];
        }
        return node;
    }
}
