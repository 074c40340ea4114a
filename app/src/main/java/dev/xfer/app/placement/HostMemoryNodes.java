package dev.xfer.app.placement;

import dev.xfer.host.PlacementException;
import dev.xfer.host.ThreadPlacement;

import java.lang.foreign.MemorySegment;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SequencedMap;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Where the sampled pages of a host buffer actually are: a count of pages per NUMA node.
 *
 * @param pagesByNode sampled pages on each node, ascending by node; nodes with none are left out
 * @param sampled     pages sampled; more than the sum when some were not resident
 */
public record HostMemoryNodes(SortedMap<Integer, Integer> pagesByNode, int sampled) {
    /** Pages sampled per buffer: evenly spread, the first and last among them. */
    public static final int SAMPLES = 64;

    public HostMemoryNodes {
        TreeMap<Integer, Integer> copy = new TreeMap<>(pagesByNode);
        int sum = 0;
        for (Map.Entry<Integer, Integer> e : copy.entrySet()) {
            if (e.getKey() < 0 || e.getValue() <= 0) {
                throw new IllegalArgumentException("page counts are per node, each above 0: " + copy);
            }
            sum += e.getValue();
        }
        if (sampled < sum) {
            throw new IllegalArgumentException(sum + " pages counted but only " + sampled + " sampled");
        }
        pagesByNode = Collections.unmodifiableSortedMap(copy);
    }

    /** Counts the statuses {@link ThreadPlacement#nodesOfPages} returns; negative ones are pages not resident. */
    public static HostMemoryNodes ofStatuses(int[] statuses) {
        TreeMap<Integer, Integer> counts = new TreeMap<>();
        for (int status : statuses) {
            if (status >= 0) {
                counts.merge(status, 1, Integer::sum);
            }
        }
        return new HostMemoryNodes(counts, statuses.length);
    }

    /** All {@code pages} on {@code node}. */
    public static HostMemoryNodes allOn(int node, int pages) {
        return new HostMemoryNodes(new TreeMap<>(Map.of(node, pages)), pages);
    }

    /** The counts of several buffers together. */
    public static HostMemoryNodes sum(Collection<HostMemoryNodes> parts) {
        TreeMap<Integer, Integer> counts = new TreeMap<>();
        int sampled = 0;
        for (HostMemoryNodes part : parts) {
            part.pagesByNode.forEach((node, pages) -> counts.merge(node, pages, Integer::sum));
            sampled += part.sampled;
        }
        return new HostMemoryNodes(counts, sampled);
    }

    /**
     * Samples {@code segment}'s pages; empty where that cannot be done: heap memory (no fixed
     * address), a platform other than Linux x86-64, or a kernel that refuses move_pages.
     */
    public static Optional<HostMemoryNodes> sample(MemorySegment segment) {
        if (!segment.isNative() || !ThreadPlacement.isSupported()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ofStatuses(ThreadPlacement.nodesOfPages(segment, SAMPLES)));
        } catch (PlacementException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** Whether every sampled page is on {@code node}. */
    public boolean allOn(int node) {
        return sampled > 0 && pagesByNode.size() == 1 && pagesByNode.containsKey(node)
                && pagesByNode.get(node) == sampled;
    }

    /** {@code 0:64}, {@code 0:40 1:24}; empty text when no page was resident. */
    public String format() {
        return pagesByNode.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /**
     * For people: {@code on node 0 (64 of 64 sampled pages)},
     * {@code on node 0 (40 pages), node 1 (24 pages) of 64 sampled}, {@code not resident (0 of 64 sampled pages)}.
     */
    public String describe() {
        if (pagesByNode.isEmpty()) {
            return "not resident (0 of " + sampled + " sampled pages)";
        }
        if (pagesByNode.size() == 1) {
            Map.Entry<Integer, Integer> only = pagesByNode.firstEntry();
            return "on node " + only.getKey() + " (" + only.getValue() + " of " + sampled + " sampled pages)";
        }
        return "on " + pagesByNode.entrySet().stream()
                .map(e -> "node " + e.getKey() + " (" + e.getValue() + " pages)")
                .collect(Collectors.joining(", ")) + " of " + sampled + " sampled";
    }

    /**
     * {@link #describe()}, followed by {@code , NOT all on node N} when some sampled page is not on
     * the node {@code placed} asked for; nothing is added for an unplaced pass.
     */
    public String describeFor(OptionalInt placed) {
        String text = describe();
        if (placed.isPresent() && !allOn(placed.getAsInt())) {
            text += ", NOT all on node " + placed.getAsInt();
        }
        return text;
    }

    /**
     * For JSON: node number (as text, JSON keys being strings) to page count, ascending by node
     * number (a sequenced map, so node 10 follows node 9 where sorted text would put it after 1).
     */
    public SequencedMap<String, Integer> toJson() {
        SequencedMap<String, Integer> out = new LinkedHashMap<>();
        pagesByNode.forEach((node, pages) -> out.put(Integer.toString(node), pages));
        return out;
    }
}
