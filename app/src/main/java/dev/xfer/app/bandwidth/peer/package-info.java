/**
 * {@code xfer bandwidth --direction p2p}: GPU-to-GPU copies ({@code cudaMemcpyPeerAsync}) for every
 * ordered pair of the selected GPUs, one way and both ways at once, rendered as matrices.
 */
package dev.xfer.app.bandwidth.peer;
