package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.Initiation;
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

/**
 * Result names of the GPU-to-GPU copies ({@code --direction p2p}), for {@code --expect} and
 * {@code --junit}: {@code p2p.SRC-DST.SIZE}, one way, and {@code p2p-bidir.SRC-DST.SIZE}, both
 * copies together; GB/s only. Pairs copied by xfer's copy kernel have {@code .kernel} after the
 * first part ({@code p2p.kernel.0-1.16MiB}), so {@code p2p.0-1} still means the driver's. The read
 * form ({@code --initiation read}: each copy issued by the GPU it goes to) ends the first part in
 * {@code -read}, as the patterns' read forms end ({@code all-to-one-read}): {@code p2p-read.0-1.16MiB},
 * {@code p2p-bidir-read.kernel.0-1.16MiB}; so {@code p2p} and {@code p2p-bidir} still mean the write form.
 */
public final class PeerMetrics {
    private PeerMetrics() {
    }

    /** The document's field of the rate of both copies at once. */
    private static final String BOTH_WAYS = "bidirGbps";

    /**
     * The identity of a pair's rate one way or both ways, as the document's {@code p2p} rows are
     * read back (the write form carries no initiation, as rows written before the read form).
     */
    public static Identity identity(int src, int dst, long bytes, boolean bidir, CopyPath copy, Initiation initiation) {
        return Identity.of(Identity.BANDWIDTH, bidir ? BOTH_WAYS : "gbps").with(IdentityField.COPY, copy.label())
                .with(IdentityField.DIRECTION, "p2p").with(IdentityField.INITIATION, initiation.label())
                .with(IdentityField.SRC, src).with(IdentityField.DST, dst).with(IdentityField.BYTES, bytes).build();
    }

    /**
     * The names the GPU-to-GPU copies will produce, before anything is measured.
     *
     * @param devices the CUDA indices, in the order selected
     */
    public static List<MetricDeclaration> declare(BandwidthPlan plan, List<Integer> devices) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (Initiation initiation : plan.peerInitiations()) {
                for (int src : devices) {
                    for (int dst : devices) {
                        if (src != dst) {
                            for (CopyPath copy : PeerBenchmark.paths(plan)) {
                                for (boolean bidir : List.of(false, true)) {
                                    out.add(RunResult.declaration(ResultNames.of(identity(src, dst, size, bidir, copy,
                                            initiation)), Quantity.GIGABYTES_PER_SECOND, false));
                                }
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The GPU-to-GPU results: one way and both ways per ordered pair, form, path and size. */
    public static RunResults results(List<PeerResult> results) {
        List<RunResult> out = new ArrayList<>();
        for (PeerResult r : results) {
            Identity oneWay = identity(r.src(), r.dst(), r.bytes(), false, r.copy(), r.initiation());
            out.add(RunResult.configuration(ResultNames.of(oneWay), RunResult.measured(oneWay,
                    r.gigabytesPerSecond(), r.verified() ? CheckOutcome.PASSED
                            : CheckOutcome.failed("data came back wrong: " + r.configuration())), OptionalDouble.empty()));
            Identity bothWays = identity(r.src(), r.dst(), r.bytes(), true, r.copy(), r.initiation());
            out.add(RunResult.configuration(ResultNames.of(bothWays), RunResult.measured(bothWays, r.bidirGbps(),
                    r.bidirVerified() ? CheckOutcome.PASSED
                            : CheckOutcome.failed("data came back wrong: " + r.bidirConfiguration())),
                    OptionalDouble.empty()));
        }
        return RunResults.of("bandwidth-p2p", out);
    }
}
