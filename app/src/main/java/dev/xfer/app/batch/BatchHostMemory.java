package dev.xfer.app.batch;

import dev.xfer.app.placement.HostMemoryNodes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SequencedMap;

/**
 * Where one pass's host buffers actually were, group by group: sampled pages of every pageable
 * source, pinned source, pinned pool block and staging slot, summed per group.
 *
 * @param numaNode the node the pass was placed on; empty when nothing was placed
 * @param buffers  each group that the pass had, in the order above: its pages per node, or empty
 *                 where pages cannot be queried; no groups when nothing was placed (unplaced
 *                 runs do not sample)
 */
public record BatchHostMemory(OptionalInt numaNode, SequencedMap<String, Optional<HostMemoryNodes>> buffers) {
    public static final String PAGEABLE_SOURCES = "pageable sources";
    public static final String PINNED_SOURCES = "pinned sources";
    public static final String PINNED_POOL = "pinned pool";
    public static final String STAGING_SLOTS = "staging slots";

    public BatchHostMemory {
        Objects.requireNonNull(numaNode, "numaNode");
        buffers = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(buffers));
    }

    /** Nothing sampled. */
    public static BatchHostMemory none(OptionalInt numaNode) {
        return new BatchHostMemory(numaNode, new LinkedHashMap<>());
    }

    /** The groups of host buffers {@code strategy} reads or copies through. */
    public static List<String> readBy(BatchStrategy strategy) {
        return switch (strategy) {
            case PAGEABLE_BLOCKING, PAGEABLE_ASYNC, BATCHED_PAGEABLE_STREAM, BATCHED_PAGEABLE_DURING_API_CALL,
                 BATCHED_PAGEABLE_ANY, BATCHED_PAGEABLE_STREAM_OVERLAP, BATCHED_PAGEABLE_DURING_API_CALL_OVERLAP,
                 BATCHED_PAGEABLE_ANY_OVERLAP -> List.of(PAGEABLE_SOURCES);
            case PINNED_BLOCKING, PINNED_ASYNC, BATCHED -> List.of(PINNED_SOURCES);
            case PIN_THEN_COPY_BLOCKING, PIN_THEN_COPY_ASYNC, PIN_THREADS -> List.of(PAGEABLE_SOURCES, PINNED_POOL);
            case STAGED -> List.of(PAGEABLE_SOURCES, STAGING_SLOTS);
        };
    }

    /** The pages of the groups {@code strategy} reads, together; empty when none of them was sampled. */
    public Optional<HostMemoryNodes> of(BatchStrategy strategy) {
        List<HostMemoryNodes> parts = new ArrayList<>();
        for (String group : readBy(strategy)) {
            buffers.getOrDefault(group, Optional.empty()).ifPresent(parts::add);
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(HostMemoryNodes.sum(parts));
    }

    /** The pages of a group's buffers summed; empty when none of them could be sampled. */
    static Optional<HostMemoryNodes> sum(List<Optional<HostMemoryNodes>> pages) {
        List<HostMemoryNodes> sampled = pages.stream().flatMap(Optional::stream).toList();
        return sampled.isEmpty() ? Optional.empty() : Optional.of(HostMemoryNodes.sum(sampled));
    }
}
