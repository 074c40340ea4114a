package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which selected GPUs cannot run a peer path at all, and why (the TMA copy below compute capability
 * 9.0), asked of each GPU before anything is launched ({@link CopyPath#absentOn}). A pair has no
 * rows of a path that either of its GPUs lacks: both forms and both ways launch it on one GPU of the
 * pair or the other, so the pair's rows of that path are waived ({@link PeerPlan#waivedPairs}),
 * never launched.
 *
 * @param why per path, per CUDA index, why that GPU cannot run it; a GPU that can is not named
 */
public record PeerAbsences(Map<CopyPath, Map<Integer, String>> why) {
    /** Every GPU runs every path. */
    public static final PeerAbsences NONE = new PeerAbsences(Map.of());

    public PeerAbsences {
        Map<CopyPath, Map<Integer, String>> copy = new LinkedHashMap<>();
        why.forEach((path, gpus) -> copy.put(path, Map.copyOf(gpus)));
        why = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * Why {@code path} has no rows between GPUs {@code src} and {@code dst} (CUDA indices): the
     * reason of the first of the two that cannot run it, the source first; empty where both can.
     */
    public Optional<String> between(CopyPath path, int src, int dst) {
        Map<Integer, String> gpus = why.getOrDefault(path, Map.of());
        return List.of(src, dst).stream().map(gpus::get).filter(java.util.Objects::nonNull).findFirst();
    }
}
