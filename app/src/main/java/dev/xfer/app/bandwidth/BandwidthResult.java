package dev.xfer.app.bandwidth;

import dev.xfer.app.stats.Summary;

import java.util.OptionalDouble;

/**
 * One measured configuration.
 *
 * @param memory         the host memory kind's label, or {@code device} for d2d
 * @param direction      h2d, d2h, d2d; bidir is reported as two rows, {@code bidir-h2d} and {@code bidir-d2h}
 * @param bytes          bytes per copy
 * @param gigabytesPerSecond per-iteration rates, 1e9 bytes/s
 * @param microseconds   per-iteration copy times
 * @param percentOfLink  median rate as a percentage of the PCIe link's theoretical per-direction rate;
 *                       empty for d2d or when the link is unknown
 * @param verified       whether the data that went over and back matched
 */
public record BandwidthResult(
        String memory,
        String direction,
        long bytes,
        Summary gigabytesPerSecond,
        Summary microseconds,
        OptionalDouble percentOfLink,
        boolean verified) {

    /** The configuration as people name it, e.g. {@code pinned h2d 16777216 B}. */
    public String configuration() {
        return memory + " " + direction + " " + bytes + " B";
    }
}
