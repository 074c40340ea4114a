/**
 * A bandwidth run over several GPUs: each GPU's own host<->device report, one after another,
 * then the GPUs at once and the GPU-to-GPU copies, as one report, one document and one set of
 * result names ({@code .gpuN} apart).
 */
package dev.xfer.app.bandwidth.several;
