/**
 * {@code xfer topo}: the host as a GPU transfer sees it. Which NUMA node each GPU is attached to,
 * the nodes' CPUs and memory, and each GPU's PCIe link, as a matrix like {@code nvidia-smi topo -m}.
 *
 * <p>It is a host view, so it works without CUDA: when the runtime is usable the GPUs are the ones
 * CUDA sees (with their indices and names), otherwise they are the NVIDIA display and 3D
 * controllers that sysfs lists, named by bus id, and the inventory says why CUDA was not usable.
 */
package dev.xfer.app.topo;
