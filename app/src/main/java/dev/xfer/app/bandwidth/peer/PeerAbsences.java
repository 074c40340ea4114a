package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which selected GPUs cannot run a peer path at all, and why (the TMA copy below compute capability
 * 9.0), asked of each GPU before anything is launched ({@link CopyPath#absentOn}); and which chosen
 * pairs have no peer access both ways ({@code cudaDeviceCanAccessPeer}), where a path launched on a
 * grid (the copy kernel, the TMA copy) cannot reach the other GPU's memory while the driver's copy
 * still goes through host memory. A pair has no rows of a path that either of its GPUs lacks, or
 * that needs access the pair does not have: both forms and both ways launch it on one GPU of the
 * pair or the other, so the pair's rows of that path are waived ({@link PeerPlan#waivedPairs}),
 * never launched.
 *
 * @param why          per path, per CUDA index, why that GPU cannot run it; a GPU that can is not named
 * @param noPeerAccess the chosen pairs (CUDA indices, unordered) without peer access both ways
 */
public record PeerAbsences(Map<CopyPath, Map<Integer, String>> why, Set<Set<Integer>> noPeerAccess) {
    /** Every GPU runs every path, and every pair has peer access. */
    public static final PeerAbsences NONE = new PeerAbsences(Map.of());

    public PeerAbsences {
        Map<CopyPath, Map<Integer, String>> copy = new LinkedHashMap<>();
        why.forEach((path, gpus) -> copy.put(path, Map.copyOf(gpus)));
        why = java.util.Collections.unmodifiableMap(copy);
        noPeerAccess = noPeerAccess.stream().map(Set::copyOf).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /** Paths some GPUs lack; every pair has peer access. */
    public PeerAbsences(Map<CopyPath, Map<Integer, String>> why) {
        this(why, Set.of());
    }

    /**
     * Why {@code path} has no rows between GPUs {@code src} and {@code dst} (CUDA indices): the
     * reason of the first of the two that cannot run it, the source first; else, for a path launched
     * on a grid, the pair's missing peer access; empty where the path runs between them.
     */
    public Optional<String> between(CopyPath path, int src, int dst) {
        Map<Integer, String> gpus = why.getOrDefault(path, Map.of());
        Optional<String> gpu = List.of(src, dst).stream().map(gpus::get).filter(java.util.Objects::nonNull).findFirst();
        if (gpu.isPresent() || !path.launchesGrid() || !noPeerAccess.contains(Set.of(src, dst))) {
            return gpu;
        }
        return Optional.of("GPUs " + Math.min(src, dst) + " and " + Math.max(src, dst) + " have no peer access both ways"
                + " (cudaDeviceCanAccessPeer), so a kernel on one cannot reach the other's memory; the driver's copy"
                + " goes through host memory");
    }
}
