package dev.xfer.app.latency;

/**
 * Where the chased memory is, seen from the GPU that chases it.
 *
 * @param kind what memory it is
 * @param peer the CUDA index of the GPU whose memory it is, for {@link Kind#PEER}; -1 otherwise
 */
public record LatencyTarget(Kind kind, int peer) {
    /** The kinds of memory a chase can run over. */
    public enum Kind {
        /** Page-locked host memory (cudaHostAlloc), read over the PCIe link (or C2C). */
        HOST,
        /** The chasing GPU's own memory: its caches answer as long as the buffer fits in them. */
        DEVICE,
        /** Another GPU's memory, read through peer access (NVLink or PCIe). */
        PEER;

        /** How --target names it: {@code host}, {@code device}, {@code peer}. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** @throws IllegalArgumentException naming the choices when {@code text} is none of them */
        public static Kind fromLabel(String text) {
            for (Kind k : values()) {
                if (k.label().equals(text.strip().toLowerCase(java.util.Locale.ROOT))) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown --target " + text.strip() + " (use host, device or peer)");
        }
    }

    public LatencyTarget {
        if ((kind == Kind.PEER) != (peer >= 0)) {
            throw new IllegalArgumentException(kind + " with peer " + peer);
        }
    }

    public static final LatencyTarget HOST = new LatencyTarget(Kind.HOST, -1);
    public static final LatencyTarget DEVICE = new LatencyTarget(Kind.DEVICE, -1);

    public static LatencyTarget peer(int index) {
        return new LatencyTarget(Kind.PEER, index);
    }

    /** The target a document's {@link #id()} names; empty for text that is none (a peer index of 1 to 4 digits). */
    public static java.util.Optional<LatencyTarget> ofId(String id) {
        return switch (id) {
            case "host" -> java.util.Optional.of(HOST);
            case "device" -> java.util.Optional.of(DEVICE);
            default -> id.matches("gpu[0-9]{1,4}") ? java.util.Optional.of(peer(Integer.parseInt(id.substring(3))))
                    : java.util.Optional.empty();
        };
    }

    /** The target as results name it: {@code host}, {@code device}, {@code gpu1}. */
    public String id() {
        return switch (kind) {
            case HOST -> "host";
            case DEVICE -> "device";
            case PEER -> "gpu" + peer;
        };
    }

    /**
     * Whether the chase loads past the caches ({@code ld.global.cv}): for memory across a link,
     * so every access crosses it as nvbandwidth's do; the GPU's own memory is read through its
     * caches, which is what a size sweep over it shows.
     */
    public boolean uncached() {
        return kind != Kind.DEVICE;
    }

    @Override
    public String toString() {
        return id();
    }
}
