/**
 * {@code xfer bandwidth --direction p2p}: GPU-to-GPU copies ({@code cudaMemcpyPeerAsync}, or xfer's
 * copy kernel) for every ordered pair of the selected GPUs, one way and both ways at once, issued
 * by the GPU that holds the data or ({@code --initiation read}) the one that receives it, rendered
 * as matrices.
 */
package dev.xfer.app.bandwidth.peer;
