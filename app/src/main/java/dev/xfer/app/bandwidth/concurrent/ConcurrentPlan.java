package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * The copies every selected GPU makes at once ({@code --concurrent}) for a bandwidth plan: pinned
 * memory, each of its directions and sizes, on all the devices together.
 *
 * @param bandwidth the plan whose sizes and directions apply
 * @param devices   the CUDA indices, in the order selected
 */
public record ConcurrentPlan(BandwidthPlan bandwidth, List<Integer> devices) {
    public ConcurrentPlan {
        devices = List.copyOf(devices);
    }

    /**
     * The names the GPUs at once will produce, before anything is measured ({@link ConcurrentResult} says how).
     *
     * @param linkKnown whether a device's link rate is known, so its name is checked as {@code %link} too
     */
    public List<MetricDeclaration> declarations(IntPredicate linkKnown) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : bandwidth.sizes()) {
            for (CopyDirection direction : bandwidth.directions()) {
                for (int d : devices) {
                    out.add(RunResult.declaration(ResultNames.of(ConcurrentResult.identity("pinned", direction.label(),
                            size, OptionalInt.of(d))), Quantity.GIGABYTES_PER_SECOND, linkKnown.test(d)));
                }
                out.add(RunResult.declaration(ResultNames.of(ConcurrentResult.identity("pinned", direction.label(),
                        size, OptionalInt.empty())), Quantity.GIGABYTES_PER_SECOND, false));
            }
        }
        return out;
    }
}
