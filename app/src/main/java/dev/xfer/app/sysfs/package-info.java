/**
 * Host topology as Linux describes it in sysfs: the GPU's PCI function, its PCIe link, and the
 * host's NUMA nodes.
 *
 * <p>Everything here is plain file reading; nothing calls CUDA. Each reader takes the sysfs root
 * as a {@link java.nio.file.Path} (normally {@code /sys}) so tests can point it at fixture trees.
 * Sysfs differs between kernels, containers and virtual machines, so a missing or unreadable file
 * is an ordinary outcome: readers report it as an unknown value ({@link java.util.Optional} and
 * friends) rather than throwing.
 */
package dev.xfer.app.sysfs;
