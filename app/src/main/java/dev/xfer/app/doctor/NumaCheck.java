package dev.xfer.app.doctor;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Host memory on a NUMA node other than the GPU's: measured, pinned host-to-device copies from the
 * GPU's node against the farthest other node, where the host has several.
 */
public final class NumaCheck {
    /** A remote node this much slower (or more) is a finding: below it is run-to-run noise. */
    static final double SLOWER_BY = 0.10;

    private NumaCheck() {
    }

    /**
     * Pinned h2d medians from near and far memory.
     *
     * @param near the GPU's own node
     * @param far  another node
     */
    public record NearFar(int near, double nearGBps, int far, double farGBps) {
    }

    /**
     * @param nodes    how many NUMA nodes the host has
     * @param gpuNode  the GPU's node (sysfs {@code numa_node}, {@code where} below); empty when it reports none
     * @param measured the probe's two rates; empty when not measured, and {@code notMeasured} says why
     */
    public static Diagnosis diagnose(Scope scope, int nodes, OptionalInt gpuNode, String where,
                                     Optional<NearFar> measured, String notMeasured) {
        Cause cause = Cause.REMOTE_NUMA_NODE;
        if (nodes <= 1) {
            return Diagnosis.clear(cause, scope, "1 NUMA node: host memory is never remote");
        }
        if (gpuNode.isEmpty()) {
            return Diagnosis.unknown(cause, scope, "the GPU reports no NUMA node (" + where + " is -1)");
        }
        if (measured.isEmpty()) {
            return Diagnosis.unknown(cause, scope, "near and far memory not measured: " + notMeasured);
        }
        NearFar rates = measured.get();
        List<Evidence> evidence = List.of(
                new Evidence("GPU NUMA node", String.valueOf(gpuNode.getAsInt()), where),
                new Evidence("pinned h2d from node " + rates.near(), Texts.gbps(rates.nearGBps()),
                        "doctor's probe, memory and thread on node " + rates.near()),
                new Evidence("pinned h2d from node " + rates.far(), Texts.gbps(rates.farGBps()),
                        "doctor's probe, memory and thread on node " + rates.far()));
        if (rates.farGBps() < rates.nearGBps() * (1 - SLOWER_BY)) {
            return Diagnosis.found(new Finding(cause, scope, Severity.LOW,
                    "host memory on node " + rates.far() + " reaches the GPU at " + Texts.gbps(rates.farGBps())
                            + " against " + Texts.gbps(rates.nearGBps()) + " from its own node " + rates.near(),
                    evidence, Optional.of(new Cost(rates.nearGBps() - rates.farGBps(), Cost.MEASURED)),
                    "keep host memory on node " + rates.near() + ": xfer --numa-node auto, or numactl --cpunodebind="
                            + rates.near() + " --membind=" + rates.near()));
        }
        return new Diagnosis.Clear(cause, scope, "memory on node " + rates.far() + " is as fast as on node "
                + rates.near(), evidence);
    }
}
