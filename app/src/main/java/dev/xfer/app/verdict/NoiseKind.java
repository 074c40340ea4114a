package dev.xfer.app.verdict;

import dev.xfer.app.bandwidth.CopyNoise;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.cuda.HostMemoryKind;

import java.util.Arrays;
import java.util.Map;

/**
 * The kinds of result that vary between runs by different amounts, each with its own noise floor
 * ({@link NoiseFloors}): pageable copies go through the driver's staging and the host's page
 * tables and vary far more between processes than pinned ones; small copies are bound by latency;
 * run times of overlap, batch and pipeline mix copies and kernels.
 *
 * <p>A copy measured on k host allocations reports the best of them ({@code "allocations"} in its
 * row). The best of k moves far less between runs than one allocation does (pinned 64 MiB H2D on
 * a lent H100: best of 3 within 0.7% over nine processes, while single allocations of those runs
 * fell as far as 18% below it), so best-of-k figures are a kind of their own, with a floor measured
 * from runs that report best-of-k. A kind with no best-of-k counterpart is its own best-of-k kind.
 * Pageable copies are one: their between-run noise is the driver's staging, one per process, not
 * where a buffer's pages sit, and the best of 3 pageable allocations moved between runs as much as
 * one allocation (64 MiB H2D on a quiet H200, ten runs each: log-spread 0.229 against 0.231). A
 * best-of-k pageable kind would only have a narrower floor from fewer runs, not less noise (with
 * one, fleet's property test flagged 2 in 100 healthy fleets).
 */
public enum NoiseKind implements dev.xfer.app.format.Labelled {
    PAGEABLE_COPY("pageable copies through the driver (pageable, heap)"),
    STAGED_COPY("pageable copies on xfer's staged path"),
    KERNEL_COPY("copies by a kernel on the SMs"),
    PINNED_COPY("pinned copies (pinned, registered, write-combined)"),
    PINNED_COPY_BEST_OF_K("pinned copies, best of k host allocations"),
    SMALL_COPY("copies below 1 MiB (any memory)"),
    DEVICE_COPY("device-to-device and peer copies"),
    OVERLAP("overlap times"),
    BATCH("batch times, pinned strategies"),
    BATCH_PAGEABLE("batch times, pageable strategies"),
    PIPELINE("pipeline times"),
    LATENCY("latency"),
    OTHER("anything else");

    private final String text;

    NoiseKind(String text) {
        this.text = text;
    }

    /** As compare's JSON names it: {@code pinned-copy-best-of-k}. */
    @Override
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The kind of result, as the docs table names it. */
    public String text() {
        return text;
    }

    /** The kind of the same results reported as the best of several host allocations. */
    public NoiseKind bestOfK() {
        return switch (this) {
            case PINNED_COPY -> PINNED_COPY_BEST_OF_K;
            default -> this;
        };
    }

    /** The kind of the same results measured on one host allocation: what a best-of-k kind is the best of. */
    public NoiseKind single() {
        return switch (this) {
            case PINNED_COPY_BEST_OF_K -> PINNED_COPY;
            default -> this;
        };
    }

    /** Whether this is the kind of best-of-k figures, distinct from its single-allocation kind. */
    public boolean isBestOfK() {
        return single() != this;
    }

    /**
     * @param labels  as for {@link #of(Map)}
     * @param bestOfK the result is the best of several host allocations (its row has {@code allocations})
     */
    public static NoiseKind of(Map<String, String> labels, boolean bestOfK) {
        NoiseKind kind = of(labels);
        return bestOfK ? kind.bestOfK() : kind;
    }

    /** Small copies are bound by latency, not by the link: their spread is their own. */
    static final long SMALL_BYTES = 1L << 20;

    /** @param labels a result's identifying fields by name ({@code command}, {@code memory}, {@code direction}, {@code size}) */
    public static NoiseKind of(Map<String, String> labels) {
        // smoke's rows name the command that measured them as their part (smoke.overlap.v1...).
        String command = labels.getOrDefault("command", "bandwidth");
        if (command.equals("smoke") && labels.containsKey("part")) {
            command = labels.get("part");
        }
        switch (command) {
            case "overlap":
                return OVERLAP;
            case "batch":
                return labels.getOrDefault("strategy", "").startsWith("pageable") ? BATCH_PAGEABLE : BATCH;
            case "pipeline":
                return PIPELINE;
            case "latency":
                return LATENCY;
            default:
                break;
        }
        if (!command.equals("bandwidth") && !command.equals("smoke")) {
            return OTHER;
        }
        String direction = labels.getOrDefault("direction", "");
        if (direction.equals("d2d") || direction.equals("p2p")) {
            return DEVICE_COPY;
        }
        // The identity labels the size in bytes; documents read before the identity, as a size.
        String size = labels.containsKey("bytes") ? labels.get("bytes") + "B" : labels.get("size");
        if (size != null && bytes(size) > 0 && bytes(size) < SMALL_BYTES) {
            return SMALL_COPY;
        }
        // The path says what its spread follows; a path no build of xfer named is anything else.
        CopyNoise noise = CopyPath.ofLabel(labels.getOrDefault("copy", CopyPath.DRIVER.label()))
                .map(CopyPath::noise).orElse(CopyNoise.UNCLASSED);
        return switch (noise) {
            case STAGING_LANES -> STAGED_COPY;
            case KERNEL -> KERNEL_COPY;
            case UNCLASSED -> OTHER;
            case HOST_MEMORY -> byMemory(labels.getOrDefault("memory", ""));
        };
    }

    /** The kind decides: memory that is not page-locked goes through the driver's staging. */
    private static NoiseKind byMemory(String memory) {
        return Arrays.stream(HostMemoryKind.values()).filter(k -> k.label().equals(memory)).findFirst()
                .map(k -> k.isPageLocked() ? PINNED_COPY : PAGEABLE_COPY).orElse(OTHER);
    }

    private static long bytes(String size) {
        try {
            return dev.xfer.app.units.ByteSize.parse(size).bytes();
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
