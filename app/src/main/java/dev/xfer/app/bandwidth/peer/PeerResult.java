package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.stats.Summary;

import java.util.Objects;

/**
 * One ordered pair of GPUs measured with {@code cudaMemcpyPeerAsync} ({@code --direction p2p}).
 *
 * @param src                source device, CUDA index
 * @param dst                destination device, CUDA index
 * @param bytes              bytes per copy
 * @param peerAccess         whether each of the two can reach the other's memory directly
 *                           ({@code cudaDeviceCanAccessPeer} both ways), so peer access was enabled;
 *                           otherwise the runtime stages the copy through host memory
 * @param gigabytesPerSecond per-iteration rates of src to dst alone, 1e9 bytes/s
 * @param bidirGbps          per-iteration rates of src to dst and dst to src at once on two
 *                           streams: both copies' bytes over the time of the pair, 1e9 bytes/s
 * @param verified           whether the one-way copy delivered the pattern
 * @param bidirVerified      whether both copies of the pair delivered it
 * @param copy               who copied: the driver ({@code cudaMemcpyPeerAsync}), or xfer's copy kernel
 *                           launched on src, writing into dst's memory (both ways: a kernel on each GPU)
 */
public record PeerResult(int src, int dst, long bytes, boolean peerAccess, Summary gigabytesPerSecond,
                         Summary bidirGbps, boolean verified, boolean bidirVerified, CopyPath copy) {

    public PeerResult {
        Objects.requireNonNull(gigabytesPerSecond, "gigabytesPerSecond");
        Objects.requireNonNull(bidirGbps, "bidirGbps");
        Objects.requireNonNull(copy, "copy");
        if (copy == CopyPath.STAGED) {
            throw new IllegalArgumentException("GPU to GPU has no staged path");
        }
        if (src == dst) {
            throw new IllegalArgumentException("a peer copy needs two devices, not " + src + " twice");
        }
    }

    /** A pair copied by the driver. */
    public PeerResult(int src, int dst, long bytes, boolean peerAccess, Summary gigabytesPerSecond,
                      Summary bidirGbps, boolean verified, boolean bidirVerified) {
        this(src, dst, bytes, peerAccess, gigabytesPerSecond, bidirGbps, verified, bidirVerified, CopyPath.DRIVER);
    }

    /** The pair's one-way configuration as people name it, e.g. {@code p2p 0->1 16777216 B}, {@code p2p kernel 0->1 4096 B}. */
    public String configuration() {
        return configuration(src, dst, bytes, copy);
    }

    /** The pair's both-ways configuration, e.g. {@code p2p-bidir 0<->1 16777216 B}. */
    public String bidirConfiguration() {
        return bidirConfiguration(src, dst, bytes, copy);
    }

    static String configuration(int src, int dst, long bytes, CopyPath copy) {
        return "p2p " + via(copy) + src + "->" + dst + " " + bytes + " B";
    }

    static String bidirConfiguration(int src, int dst, long bytes, CopyPath copy) {
        return "p2p-bidir " + via(copy) + src + "<->" + dst + " " + bytes + " B";
    }

    private static String via(CopyPath copy) {
        return copy == CopyPath.DRIVER ? "" : copy.label() + " ";
    }
}
