/**
 * Where a measuring thread runs and where its host memory lives: the {@code --numa-node} option
 * ({@link dev.xfer.app.placement.NumaOption}), what it means on this machine's topology
 * ({@link dev.xfer.app.placement.HostPlacement}), running work placed on a node
 * ({@link dev.xfer.app.placement.PlacedRun}), worker threads placed the same way
 * ({@link dev.xfer.app.placement.PlacedWorkers}), where sampled pages really are
 * ({@link dev.xfer.app.placement.HostMemoryNodes}), and the steps a command takes for the option
 * ({@link dev.xfer.app.placement.NumaNodeOption}).
 *
 * <p>Parsing and planning are plain logic over {@link dev.xfer.app.sysfs.NumaTopology}, so
 * tests run them on fixture topologies; only {@code PlacedRun}, {@code PlacedWorkers},
 * {@code HostMemoryNodes.sample} and {@code Misplacement.ofCallingThread} make system calls
 * (through {@link dev.xfer.host}). Bandwidth, overlap and batch use it.
 */
package dev.xfer.app.placement;
