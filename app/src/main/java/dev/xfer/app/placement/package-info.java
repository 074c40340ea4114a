/**
 * Where a measuring thread runs and where its host memory lives: the {@code --numa-node} option
 * ({@link dev.xfer.app.placement.NumaOption}), what it means on this machine's topology
 * ({@link dev.xfer.app.placement.HostPlacement}), running work placed on a node
 * ({@link dev.xfer.app.placement.PlacedRun}), and where sampled pages really are
 * ({@link dev.xfer.app.placement.HostMemoryNodes}).
 *
 * <p>Parsing and planning are plain logic over {@link dev.xfer.app.topology.NumaTopology}, so
 * tests run them on fixture topologies; only {@code PlacedRun}, {@code HostMemoryNodes.sample}
 * and {@code Misplacement.ofCallingThread} make system calls (through {@link dev.xfer.host}).
 * Bandwidth uses all of it; overlap and batch can follow the same steps.
 */
package dev.xfer.app.placement;
