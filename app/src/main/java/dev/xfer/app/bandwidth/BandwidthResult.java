package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.stats.Summary;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One measured configuration. Named {@code <memory>.<direction>.<size>} (e.g. {@code pinned.h2d.16MiB},
 * {@code pinned.bidir-d2h.4GiB}, {@code device.d2d.16MiB}), the median GB/s; xfer's staged
 * path has {@code .staged} after the memory ({@code pageable.staged.h2d.64MiB}), so that
 * {@code pageable.h2d} still means the driver's. With {@code --numa-node all} every configuration
 * is measured once per node, and its names end in the node: {@code pinned.h2d.16MiB.node1}, so
 * that {@code pinned.h2d} still selects them all. The copy kernel's results have {@code .kernel}
 * after the memory ({@code pinned.kernel.h2d.512MiB}, {@code device.kernel.d2d.1GiB}); with
 * {@code --blocks} each grid is named after the size ({@code pinned.kernel.h2d.512MiB.blocks64}),
 * before any node; the kernel's bidir rows, whose grid comes from the size, never carry one.
 *
 * @param memory         the host memory kind, or the device's own memory for d2d
 * @param direction      h2d, d2h, d2d, ...; bidir is reported as two rows, {@code bidir-h2d} and {@code bidir-d2h}
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
 * @param pieces         for a batch-api result, the copies its buffer was split into in one call; empty otherwise
 */
public record BandwidthResult(
        MeasuredMemory memory,
        RowDirection direction,
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
        Optional<AllocationSpread> allocations,
        OptionalInt pieces) {

    public BandwidthResult {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(pieces, "pieces");
        Objects.requireNonNull(allocations, "allocations");
        Objects.requireNonNull(numaNode, "numaNode");
        Objects.requireNonNull(hostMemoryNodes, "hostMemoryNodes");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(ceiling, "ceiling");
        Objects.requireNonNull(shape, "shape");
    }

    /** A result whose buffer was one copy (every path but batch-api). */
    public BandwidthResult(MeasuredMemory memory, RowDirection direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified, OptionalInt numaNode,
                           Optional<HostMemoryNodes> hostMemoryNodes, CopyPath copy, Optional<StagedCeiling> ceiling,
                           Optional<LaunchShape> shape, Optional<AllocationSpread> allocations) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, numaNode,
                hostMemoryNodes, copy, ceiling, shape, allocations, OptionalInt.empty());
    }

    /** A result of the driver's or the staged path (no launch shape), measured on one host allocation. */
    public BandwidthResult(MeasuredMemory memory, RowDirection direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified, OptionalInt numaNode,
                           Optional<HostMemoryNodes> hostMemoryNodes, CopyPath copy, Optional<StagedCeiling> ceiling) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, numaNode,
                hostMemoryNodes, copy, ceiling, Optional.empty(), Optional.empty());
    }

    /** This result as measured on several host allocations, {@code spread} their medians. */
    public BandwidthResult withAllocations(Optional<AllocationSpread> spread) {
        return new BandwidthResult(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified,
                numaNode, hostMemoryNodes, copy, ceiling, shape, spread, pieces);
    }

    /** A result of the driver's path. */
    public BandwidthResult(MeasuredMemory memory, RowDirection direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified, OptionalInt numaNode,
                           Optional<HostMemoryNodes> hostMemoryNodes) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, numaNode,
                hostMemoryNodes, CopyPath.DRIVER, Optional.empty());
    }

    /** A result measured without placement, its pages not sampled. */
    public BandwidthResult(MeasuredMemory memory, RowDirection direction, long bytes, Summary gigabytesPerSecond,
                           Summary microseconds, OptionalDouble percentOfLink, boolean verified) {
        this(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified, OptionalInt.empty(),
                Optional.empty());
    }

    /** This result with its placement: the node asked for and where sampled pages were. */
    public BandwidthResult placed(OptionalInt node, Optional<HostMemoryNodes> pages) {
        return new BandwidthResult(memory, direction, bytes, gigabytesPerSecond, microseconds, percentOfLink, verified,
                node, pages, copy, ceiling, shape, allocations, pieces);
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
        return new ConfigurationLabel(memory.label(), copy, shape, direction.label(), bytes, pieces);
    }

    /** The document's field of a copy's rate, the result every bandwidth name selects. */
    private static final String GBPS = "gbps";

    /** The identity of a copy's bandwidth: what the document's row says of it. */
    public static Identity identity(String memory, CopyPath path, String direction, long bytes, CopyTimer timer,
                                    OptionalInt grid, OptionalInt threadsPerBlock, OptionalInt node) {
        return identity(memory, path, direction, bytes, timer, grid, threadsPerBlock, node, OptionalInt.empty());
    }

    /** The identity of a copy's bandwidth, with the pieces a batch-api copy was split into. */
    public static Identity identity(String memory, CopyPath path, String direction, long bytes, CopyTimer timer,
                                    OptionalInt grid, OptionalInt threadsPerBlock, OptionalInt node,
                                    OptionalInt pieces) {
        Identity.Builder id = Identity.of(Identity.BANDWIDTH, GBPS).with(IdentityField.MEMORY, memory)
                .with(IdentityField.COPY, path.label()).with(IdentityField.DIRECTION, direction)
                .with(IdentityField.BYTES, bytes).with(IdentityField.TIMER, timer.label());
        grid.ifPresent(b -> id.with(IdentityField.BLOCKS, b));
        threadsPerBlock.ifPresent(t -> id.with(IdentityField.BLOCK_SIZE, t));
        node.ifPresent(n -> id.with(IdentityField.NUMA_NODE, n));
        pieces.ifPresent(p -> id.with(IdentityField.PIECES, p));
        return id.build();
    }
}
