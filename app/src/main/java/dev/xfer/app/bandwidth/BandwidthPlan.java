package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.List;
import java.util.Optional;

/**
 * What a bandwidth run measures: every size x memory kind x direction, each with warm-up copies
 * and timed iterations.
 */
public record BandwidthPlan(
        List<Long> sizes,
        List<HostMemoryKind> memories,
        List<CopyDirection> directions,
        int iterations,
        int warmup,
        CopyTimer timer) {

    public BandwidthPlan {
        sizes = List.copyOf(sizes);
        memories = List.copyOf(memories);
        directions = List.copyOf(directions);
        if (sizes.isEmpty() || memories.isEmpty() || directions.isEmpty()) {
            throw new IllegalArgumentException("a bandwidth plan needs at least one size, memory kind and direction");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("--iterations must be at least 1, not " + iterations);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, not " + warmup);
        }
    }

    /** Device memory one size needs at once: two buffers where a copy reads one and writes another on the device. */
    public long deviceBytesNeeded(long size) {
        boolean twoBuffers = directions.contains(CopyDirection.D2D) || directions.contains(CopyDirection.BIDIR);
        return twoBuffers ? Math.multiplyExact(size, 2) : size;
    }

    /** Whether any direction moves host memory (otherwise the memory kinds play no part). */
    public boolean measuresHostCopies() {
        return directions.stream().anyMatch(CopyDirection::crossesLink);
    }

    /** Whether GPU-to-GPU copies ({@link CopyDirection#P2P}) are asked for. */
    public boolean peerCopies() {
        return directions.contains(CopyDirection.P2P);
    }

    /**
     * The part of this plan each device runs on its own: every direction but {@code p2p}, which
     * spans devices; empty when {@code p2p} is all there is.
     */
    public Optional<BandwidthPlan> perDevice() {
        List<CopyDirection> own = directions.stream().filter(d -> d != CopyDirection.P2P).toList();
        if (own.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(own.size() == directions.size() ? this
                : new BandwidthPlan(sizes, memories, own, iterations, warmup, timer));
    }

    /**
     * The number of per-device result rows, for progress: h2d and d2h one per memory kind, bidir
     * two (bidir-h2d, bidir-d2h) per kind that allows async copies, d2d one; p2p none (its rows
     * are a matrix of device pairs, counted apart).
     */
    public int configurations() {
        long asyncKinds = memories.stream().filter(HostMemoryKind::allowsAsyncCopies).count();
        long perSize = 0;
        for (CopyDirection direction : directions) {
            perSize += switch (direction) {
                case H2D, D2H -> memories.size();
                case BIDIR -> 2 * asyncKinds;
                case D2D -> 1;
                case P2P -> 0;
            };
        }
        return (int) (perSize * sizes.size());
    }
}
