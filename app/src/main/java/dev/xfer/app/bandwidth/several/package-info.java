/**
 * A bandwidth run over several GPUs: each GPU's own host<->device results, one after another,
 * then the GPUs at once and the GPU-to-GPU copies, as one text output, one document and one set of
 * result names ({@code .gpuN} apart).
 */
package dev.xfer.app.bandwidth.several;
