package dev.xfer.app.verdict;

import java.util.Map;

/**
 * The kinds of result that vary between runs by different amounts, each with its own noise floor
 * ({@link NoiseFloors}): pageable copies go through the driver's staging and the host's page
 * tables and vary far more between processes than pinned ones; small copies are bound by latency;
 * run times of overlap, batch and pipeline mix copies and kernels.
 */
public enum NoiseKind {
    PAGEABLE_COPY("pageable copies through the driver (pageable, heap)"),
    STAGED_COPY("pageable copies on xfer's staged path"),
    KERNEL_COPY("copies by a kernel on the SMs"),
    PINNED_COPY("pinned copies (pinned, registered, write-combined)"),
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

    /** The kind of result, as the docs table names it. */
    public String text() {
        return text;
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
        String copy = labels.getOrDefault("copy", "driver");
        if (!copy.equals("driver")) {
            return copy.equals("staged") ? STAGED_COPY : copy.equals("kernel") ? KERNEL_COPY : OTHER;
        }
        return switch (labels.getOrDefault("memory", "")) {
            case "pageable", "heap" -> PAGEABLE_COPY;
            case "pinned", "pinned-huge", "registered", "write-combined" -> PINNED_COPY;
            default -> OTHER;
        };
    }

    private static long bytes(String size) {
        try {
            return dev.xfer.app.units.ByteSize.parse(size).bytes();
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
