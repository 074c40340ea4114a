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
 *                       (by the copy kernel both rows are one launch of {@code copy_bidir}: each is one
 *                       direction's bytes over that launch's time)
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
 * @param copy           whose path moved the bytes: the driver's, xfer's staged one, or xfer's copy kernel
 * @param ceiling        for a staged result, the host-copy and pinned rates that bound it; empty otherwise
 * @param shape          for a kernel result, the grid it was launched with; empty otherwise
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
        Optional<LaunchShape> shape,
        Optional<AllocationSpread> allocations) {

    public BandwidthResult {
        Objects.requireNonNull(allocations, "allocations");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(hostMemoryNodes, "hostMemoryNodes");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(ceiling, "ceiling");
        Objects.requireNonNull(shape, "shape");
    }

    /** A result of the driver's or the staged path (no launch shape), measured on one host allocation. */
    public BandwidthResult(String memory, String direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified, OptionalInt numaNode,
                           Optional<HostMemoryNodes> hostMemoryNodes, CopyPath copy, Optional<StagedCeiling> ceiling) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, numaNode,
                hostMemoryNodes, copy, ceiling, Optional.empty(), Optional.empty());
    }

    /** This result as measured on several host allocations, {@code spread} their medians. */
    public BandwidthResult withAllocations(Optional<AllocationSpread> spread) {
        return new BandwidthResult(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified,
                numaNode, hostMemoryNodes, copy, ceiling, shape, spread);
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
                node, pages, copy, ceiling, shape, allocations);
    }

    /**
     * The memory and, off the driver's path, the path: {@code pinned}, {@code pageable staged},
     * and for a kernel result its grid: {@code pinned kernel 132 blocks}.
     */
    public String path() {
        return label().path();
    }

    /** The configuration as people name it, e.g. {@code pinned h2d 16777216 B}, {@code heap staged d2h 4096 B}. */
    public String configuration() {
        return label().text();
    }

    private ConfigurationLabel label() {
        return new ConfigurationLabel(memory, copy, shape, direction, bytes);
    }
}
