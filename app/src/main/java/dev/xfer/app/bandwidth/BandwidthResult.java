package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.stats.Summary;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

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
 * @param numaNode       the NUMA node host memory and the measuring thread were placed on
 *                       ({@code --numa-node}); empty when nothing was placed
 * @param hostMemoryNodes where sampled pages of the measured host buffer actually were; empty
 *                       for d2d, heap memory, or where pages cannot be queried
 * @param copy           whose path moved the bytes: the driver's, or xfer's staged one
 * @param ceiling        for a staged result, the host-copy and pinned rates that bound it; empty otherwise
 * @param allocations    when measured on several host allocations ({@code --allocations} above 1), each
 *                       one's median; the statistics above are then the best allocation's samples
 */
public record BandwidthResult(
        String memory,
        String direction,
        long bytes,
        Summary gigabytesPerSecond,
        Summary microseconds,
        OptionalDouble percentOfLink,
        boolean verified,
        OptionalInt numaNode,
        Optional<HostMemoryNodes> hostMemoryNodes,
        CopyPath copy,
        Optional<StagedCeiling> ceiling,
        Optional<AllocationSpread> allocations) {

    public BandwidthResult {
        Objects.requireNonNull(allocations, "allocations");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(hostMemoryNodes, "hostMemoryNodes");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(ceiling, "ceiling");
    }

    /** A result measured on one host allocation. */
    public BandwidthResult(String memory, String direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified, OptionalInt numaNode,
                           Optional<HostMemoryNodes> hostMemoryNodes, CopyPath copy, Optional<StagedCeiling> ceiling) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, numaNode,
                hostMemoryNodes, copy, ceiling, Optional.empty());
    }

    /** A result of the driver's path. */
    public BandwidthResult(String memory, String direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified, OptionalInt numaNode,
                           Optional<HostMemoryNodes> hostMemoryNodes) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, numaNode,
                hostMemoryNodes, CopyPath.DRIVER, Optional.empty());
    }

    /** A result measured without placement, its pages not sampled. */
    public BandwidthResult(String memory, String direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, OptionalInt.empty(),
                Optional.empty());
    }

    /** This result with its placement: the node asked for and where sampled pages were. */
    public BandwidthResult placed(OptionalInt node, Optional<HostMemoryNodes> pages) {
        return new BandwidthResult(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified,
                node, pages, copy, ceiling, allocations);
    }

    /** The memory and, for a staged result, its path: {@code pinned}, {@code pageable staged}. */
    public String path() {
        return copy == CopyPath.DRIVER ? memory : memory + " " + copy.label();
    }

    /** The configuration as people name it, e.g. {@code pinned h2d 16777216 B}, {@code heap staged d2h 4096 B}. */
    public String configuration() {
        return path() + " " + direction + " " + bytes + " B";
    }
}
