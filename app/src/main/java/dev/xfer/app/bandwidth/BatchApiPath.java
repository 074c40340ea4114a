package dev.xfer.app.bandwidth;

import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * {@code --copy batch-api}: one {@code cudaMemcpyBatchAsync} of the buffer split into
 * {@code --pieces} copies, sources read in stream order: the copy engine moves the bytes, and each
 * piece's launch costs what the call does per copy. One row per piece count; h2d and d2h of memory
 * that takes asynchronous calls (a heap array could move under one). Waived on runtimes without the
 * call (CUDA 13 has it).
 */
final class BatchApiPath implements PathDefinition {
    @Override
    public String label() {
        return "batch-api";
    }

    @Override
    public boolean appliesTo(HostMemoryKind memory) {
        // an asynchronous call: a heap array could move under it
        return memory.allowsAsyncCopies();
    }

    @Override
    public boolean splitsIntoPieces() {
        return true;
    }

    @Override
    public void checkPlan(List<Long> sizes, List<HostMemoryKind> memories, List<CopyDirection> directions,
                          List<Integer> pieces) {
        int most = pieces.stream().mapToInt(Integer::intValue).max().orElseThrow();
        long least = sizes.stream().mapToLong(Long::longValue).min().orElseThrow();
        if (most > least) {
            throw new IllegalArgumentException("--pieces " + most + " splits a buffer into " + most
                    + " copies of a byte at least, and the smallest size is " + least + " bytes");
        }
        if (!directions.contains(CopyDirection.H2D) && !directions.contains(CopyDirection.D2H)) {
            throw new IllegalArgumentException("--copy batch-api measures h2d and d2h, and --direction has"
                    + " neither");
        }
        if (memories.stream().noneMatch(HostMemoryKind::allowsAsyncCopies)) {
            throw new IllegalArgumentException("--copy batch-api issues asynchronous copies, which --memory "
                    + memories.stream().map(HostMemoryKind::label).collect(Collectors.joining(","))
                    + " cannot take: add pinned or pageable");
        }
    }

    @Override
    public Optional<String> absentBecause(DeviceOffer offer) {
        return offer.batchApiMissing();
    }

    /** Named as the rows would be, on the pass's node when placed. */
    @Override
    public List<Waiver> waivers(BandwidthPlan plan, List<Integer> grids, OptionalInt node, String reason) {
        List<Waiver> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (HostMemoryKind memory : plan.memories()) {
                if (!plan.pathsFor(memory).contains(CopyPath.BATCH_API)) {
                    continue;
                }
                for (int pieces : plan.pieces()) {
                    for (CopyDirection d : List.of(CopyDirection.H2D, CopyDirection.D2H)) {
                        if (plan.directions().contains(d)) {
                            String name = new ConfigurationLabel(memory.label(), CopyPath.BATCH_API, Optional.empty(),
                                    d.label(), size, OptionalInt.of(pieces)).text();
                            out.add(new Waiver(name + (node.isPresent() ? " on node " + node.getAsInt() : ""),
                                    reason));
                        }
                    }
                }
            }
        }
        return out;
    }

    @Override
    public CopyNoise noise() {
        return CopyNoise.UNCLASSED;
    }

    @Override
    public void measure(HostRoundTrips trips, HostMemoryKind memory, long size, MemorySegment reference) {
        trips.batchApi(memory, size, reference);
    }
}
