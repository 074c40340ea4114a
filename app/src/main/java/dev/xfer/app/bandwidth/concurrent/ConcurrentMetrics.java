package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * Result names of the GPUs copying at once ({@code --concurrent}), for {@code --expect} and
 * {@code --junit}: {@code concurrent.pinned.h2d.16MiB.gpuN}, each GPU's median while all copied
 * ({@code %link} where its link is known), and {@code concurrent.pinned.h2d.16MiB.all}, the median
 * aggregate (GB/s only: it spans several links).
 */
public final class ConcurrentMetrics {
    private ConcurrentMetrics() {
    }

    /**
     * The identity of one GPU's rate while all copied ({@code gpu} given) or of the aggregate
     * (empty), as the document's {@code concurrent} rows are read back.
     */
    public static Identity identity(String memory, String direction, long bytes, OptionalInt gpu) {
        Identity.Builder id = Identity.of(Identity.BANDWIDTH, gpu.isPresent() ? "gbps" : "aggregateGbps")
                .with(IdentityField.MEMORY, memory).with(IdentityField.DIRECTION, direction)
                .with(IdentityField.PATTERN, "concurrent").with(IdentityField.BYTES, bytes);
        gpu.ifPresent(g -> id.with(IdentityField.GPU, g));
        return id.build();
    }

    /**
     * The names the GPUs at once will produce, before anything is measured.
     *
     * @param devices   the CUDA indices, in the order selected
     * @param linkKnown whether a device's link rate is known, so its name is checked as {@code %link} too
     */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, List<Integer> devices, IntPredicate linkKnown) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (CopyDirection direction : plan.directions()) {
                for (int d : devices) {
                    out.add(RunResult.declaration(ResultNames.of(identity("pinned", direction.label(), size, OptionalInt.of(d))),
                            Quantity.GIGABYTES_PER_SECOND, linkKnown.test(d)));
                }
                out.add(RunResult.declaration(ResultNames.of(identity("pinned", direction.label(), size, OptionalInt.empty())),
                        Quantity.GIGABYTES_PER_SECOND, false));
            }
        }
        return out;
    }

    /**
     * The results of the GPUs at once: per GPU (failing when its data came back wrong) and the
     * aggregate, in the order of the run.
     *
     * @param linkGBps each GPU's link rate, by position in each result's {@code gpus}
     */
    public static RunResults results(List<ConcurrentResult> results, List<OptionalDouble> linkGBps) {
        List<RunResult> out = new ArrayList<>();
        for (ConcurrentResult c : results) {
            for (int g = 0; g < c.gpus().size(); g++) {
                ConcurrentResult.GpuShare share = c.gpus().get(g);
                Identity id = identity(c.memory(), c.direction(), c.bytes(), OptionalInt.of(share.device()));
                OptionalDouble link = g < linkGBps.size() ? linkGBps.get(g) : OptionalDouble.empty();
                out.add(RunResult.configuration(ResultNames.of(id), RunResult.measured(id,
                        share.gigabytesPerSecond(), share.verified() ? CheckOutcome.PASSED
                                : CheckOutcome.failed("data came back wrong on device " + share.device())), link));
            }
            Identity all = identity(c.memory(), c.direction(), c.bytes(), OptionalInt.empty());
            out.add(RunResult.configuration(ResultNames.of(all), RunResult.measured(all, c.aggregateGbps(),
                    c.verified() ? CheckOutcome.PASSED : CheckOutcome.failed("data came back wrong on at least one GPU")),
                    OptionalDouble.empty()));
        }
        return RunResults.of("bandwidth-concurrent", out);
    }
}
