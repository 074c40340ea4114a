package dev.xfer.app.bandwidth;

import java.util.Locale;

/** Which way a measured copy goes. */
public enum CopyDirection {
    /** Host to device. */
    H2D("h2d"),
    /** Device to host. */
    D2H("d2h"),
    /** Device-local copy between two buffers on one GPU; host memory plays no part. */
    D2D("d2d"),
    /**
     * The device's own memory by reads alone ({@code read_bytes}, the SMs): counted as the bytes
     * read, as nvbandwidth's read-only local kernel counts them.
     */
    D2D_READ("d2d-read"),
    /** The device's own memory by writes alone ({@code write_bytes}, the SMs): counted as the bytes written. */
    D2D_WRITE("d2d-write"),
    /** H2D and D2H at once on two streams, each direction timed on its own stream. */
    BIDIR("bidir"),
    /**
     * GPU to GPU ({@code cudaMemcpyPeerAsync}) for every ordered pair of the selected devices, one
     * way and both ways at once; needs at least two devices, and is measured apart from the
     * per-device directions ({@link dev.xfer.app.bandwidth.peer.PeerBenchmark}).
     */
    P2P("p2p");

    private final String label;

    CopyDirection(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the copy crosses the host's PCIe link to the GPU, so a percentage of that link means something. */
    public boolean crossesLink() {
        return this == H2D || this == D2H || this == BIDIR;
    }

    /**
     * Whether the copy stays on one GPU's memory ({@code d2d}, {@code d2d-read}, {@code d2d-write}):
     * host memory plays no part, and a row counts its bytes once (a copy's bytes, not read plus written).
     */
    public boolean deviceLocal() {
        return this == D2D || this == D2D_READ || this == D2D_WRITE;
    }

    /** Whether only the SMs measure it: the read-only and write-only kernels have no copy-engine form. */
    public boolean kernelOnly() {
        return this == D2D_READ || this == D2D_WRITE;
    }

    public static CopyDirection fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (CopyDirection d : values()) {
            if (d.label.equals(wanted)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown direction '" + text + "' (expected h2d, d2h, d2d, d2d-read, d2d-write, bidir or p2p)");
    }

    @Override
    public String toString() {
        return label;
    }
}
