package dev.xfer.app.result;

/**
 * The plausible range of each numeric identity field and of the other numbers read from
 * documents: beyond them a document is refused as corrupt or hostile rather than believed.
 */
public final class Limits {
    /** CUDA device indices; machines have at most a few dozen GPUs. */
    public static final int MAX_DEVICE_INDEX = 1023;
    public static final int MAX_LINK_GENERATION = 7;
    public static final int MAX_LINK_WIDTH = 64;
    /** The most samples one summary may count, and the most wrong trials. */
    public static final long MAX_SAMPLES = 1_000_000_000L;
    /**
     * The largest figure believed, in its base unit (bytes per second, seconds, a count): far beyond
     * any measurement, and small enough that fleet's and compare's sums, squares and ratios of
     * figures stay finite. A larger one is a corrupt or hostile document, refused.
     */
    public static final double MAX_FIGURE = 1e100;

    private Limits() {
    }

    public record Range(long min, long max) {
    }

    public static Range of(IdentityField field) {
        return switch (field) {
            case BYTES -> new Range(1, 1L << 50);
            case ELEMENTS -> new Range(1, 1L << 48);
            case STREAMS -> new Range(1, 1024);
            case SRC, DST, GPU, PEER -> new Range(0, MAX_DEVICE_INDEX);
            case NUMA_NODE -> new Range(0, 1023);
            case COUNT, BLOCKS, BLOCK_SIZE, THREADS, BUFFERS, KERNEL_ITERATIONS, TRIALS, ACCESSES, PIECES ->
                    new Range(1, Integer.MAX_VALUE);
            default -> new Range(0, Long.MAX_VALUE);
        };
    }
}
