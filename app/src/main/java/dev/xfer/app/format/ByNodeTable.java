package dev.xfer.app.format;

import dev.xfer.app.format.TextTable.Column;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SequencedSet;

/**
 * The frame of a "by NUMA node" table, as every command with {@code --numa-node all} prints one:
 * the caller's leading columns, then one column per node, the GPU's own node marked {@code near}
 * and the others {@code far} when it is known; the title says where the GPU is.
 */
public final class ByNodeTable {
    private ByNodeTable() {
    }

    /**
     * An empty table to add rows to.
     *
     * @param what    the title's start, e.g. {@code median ms by NUMA node of host memory and thread}
     * @param leading the columns before the node columns
     * @param nodes   the measured nodes, in order
     * @param gpuNode the GPU's node; empty when unknown
     */
    public static TextTable create(String what, List<Column> leading, SequencedSet<Integer> nodes, OptionalInt gpuNode) {
        List<Column> columns = new ArrayList<>(leading);
        for (int node : nodes) {
            String side = gpuNode.isEmpty() ? "" : node == gpuNode.getAsInt() ? " near" : " far";
            columns.add(Column.right("node " + node + side));
        }
        String title = what + " ("
                + (gpuNode.isPresent() ? "the GPU is on node " + gpuNode.getAsInt() : "the GPU's node is unknown") + "):";
        return new TextTable(title, columns);
    }
}
