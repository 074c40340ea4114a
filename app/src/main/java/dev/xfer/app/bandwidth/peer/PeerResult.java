package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One ordered pair of GPUs measured with {@code cudaMemcpyPeerAsync} ({@code --direction p2p}).
 * Its results are named {@code p2p.SRC-DST.SIZE}, one way, and {@code p2p-bidir.SRC-DST.SIZE}, both
 * copies together; GB/s only. Pairs copied by xfer's copy kernel have {@code .kernel} after the
 * first part ({@code p2p.kernel.0-1.16MiB}), by its TMA copy {@code .tma} ({@code p2p.tma.0-1.16MiB}),
 * so {@code p2p.0-1} still means the driver's. The read
 * form ({@code --initiation read}: each copy issued by the GPU it goes to) ends the first part in
 * {@code -read}, as the patterns' read forms end ({@code all-to-one-read}): {@code p2p-read.0-1.16MiB},
 * {@code p2p-bidir-read.kernel.0-1.16MiB}; so {@code p2p} and {@code p2p-bidir} still mean the write form.
 *
 * @param src                source device, CUDA index
 * @param dst                destination device, CUDA index
 * @param bytes              bytes per copy
 * @param peerAccess         whether each of the two can reach the other's memory directly
 *                           ({@code cudaDeviceCanAccessPeer} both ways), so peer access was enabled;
 *                           otherwise the runtime stages the copy through host memory
 * @param gigabytesPerSecond per-iteration rates of src to dst alone, 1e9 bytes/s; each of the two
 *                           {@link Summarized.Unsummarizable} when its timer gave NaN or no time, a
 *                           failed result with its reason
 * @param bidirGbps          per-iteration rates of src to dst and dst to src at once on two
 *                           streams: both copies' bytes over the time of the pair, 1e9 bytes/s
 * @param verified           whether the one-way copy delivered the pattern
 * @param bidirVerified      whether both copies of the pair delivered it
 * @param copy               who copied: the driver ({@code cudaMemcpyPeerAsync}), or xfer's copy kernel
 *                           or TMA copy launched on the GPU that issues the copy (both ways: a kernel on
 *                           each GPU)
 * @param initiation         which GPU issued each copy: write, the one holding the data (src for src
 *                           to dst, its kernel writing into dst's memory); read, the one receiving it
 *                           (dst, its kernel reading src's memory); both ways, each of the two copies
 *                           the same way
 */
public record PeerResult(int src, int dst, long bytes, boolean peerAccess, Summarized gigabytesPerSecond,
                         Summarized bidirGbps, boolean verified, boolean bidirVerified, CopyPath copy,
                         Initiation initiation) {

    public PeerResult {
        Objects.requireNonNull(gigabytesPerSecond, "gigabytesPerSecond");
        Objects.requireNonNull(bidirGbps, "bidirGbps");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(initiation, "initiation");
        if (!copy.measuresPeers()) {
            throw new IllegalArgumentException("GPU to GPU has no " + copy.label() + " path");
        }
        if (src == dst) {
            throw new IllegalArgumentException("a peer copy needs two devices, not " + src + " twice");
        }
    }

    /** A pair issued by the GPU that holds the data, the write form. */
    public PeerResult(int src, int dst, long bytes, boolean peerAccess, Summary gigabytesPerSecond,
                      Summary bidirGbps, boolean verified, boolean bidirVerified, CopyPath copy) {
        this(src, dst, bytes, peerAccess, gigabytesPerSecond, bidirGbps, verified, bidirVerified, copy,
                Initiation.WRITE);
    }

    /** A pair copied by the driver, in the write form. */
    public PeerResult(int src, int dst, long bytes, boolean peerAccess, Summary gigabytesPerSecond,
                      Summary bidirGbps, boolean verified, boolean bidirVerified) {
        this(src, dst, bytes, peerAccess, gigabytesPerSecond, bidirGbps, verified, bidirVerified, CopyPath.DRIVER);
    }

    /** Whether both ways of the pair have a figure: only then does it have a {@code p2p} row. */
    public boolean measured() {
        return gigabytesPerSecond.measured().isPresent() && bidirGbps.measured().isPresent();
    }

    /** A way of the pair that has no figure: its configuration and why. */
    public record NotMeasured(String configuration, String reason) {
    }

    /** Each way of the pair that has no figure, one way first. */
    public List<NotMeasured> unmeasured() {
        List<NotMeasured> out = new ArrayList<>();
        gigabytesPerSecond.whyNot().ifPresent(why -> out.add(new NotMeasured(configuration(), why)));
        bidirGbps.whyNot().ifPresent(why -> out.add(new NotMeasured(bidirConfiguration(), why)));
        return out;
    }

    /**
     * The pair's one-way configuration as people name it, e.g. {@code p2p 0->1 16777216 B},
     * {@code p2p kernel 0->1 4096 B}, {@code p2p-read kernel 0->1 4096 B}.
     */
    public String configuration() {
        return configuration(src, dst, bytes, copy, initiation);
    }

    /** The pair's both-ways configuration, e.g. {@code p2p-bidir 0<->1 16777216 B}, {@code p2p-bidir-read 0<->1 ...}. */
    public String bidirConfiguration() {
        return bidirConfiguration(src, dst, bytes, copy, initiation);
    }

    static String configuration(int src, int dst, long bytes, CopyPath copy, Initiation initiation) {
        return "p2p" + form(initiation) + " " + via(copy) + src + "->" + dst + " " + bytes + " B";
    }

    static String bidirConfiguration(int src, int dst, long bytes, CopyPath copy, Initiation initiation) {
        return "p2p-bidir" + form(initiation) + " " + via(copy) + src + "<->" + dst + " " + bytes + " B";
    }

    /**
     * What the first word of a name or configuration adds for {@code initiation}: nothing for the
     * write form, so its names are those every run before the read form had; {@code -read}, as
     * the patterns' forms end ({@code all-to-one-read}).
     */
    static String form(Initiation initiation) {
        return initiation == Initiation.WRITE ? "" : "-" + initiation.label();
    }

    private static String via(CopyPath copy) {
        return copy == CopyPath.DRIVER ? "" : copy.label() + " ";
    }

    /** The document's field of the rate of both copies at once. */
    private static final String BOTH_WAYS = "bidirGbps";

    /**
     * The identity of a pair's rate one way or both ways, as the document's {@code p2p} rows say it
     * (the write form carries no initiation, as rows written before the read form).
     */
    public static Identity identity(int src, int dst, long bytes, boolean bidir, CopyPath copy, Initiation initiation) {
        return Identity.of(Identity.BANDWIDTH, bidir ? BOTH_WAYS : "gbps").with(IdentityField.COPY, copy.label())
                .with(IdentityField.DIRECTION, "p2p").with(IdentityField.INITIATION, initiation.label())
                .with(IdentityField.SRC, src).with(IdentityField.DST, dst).with(IdentityField.BYTES, bytes).build();
    }
}
