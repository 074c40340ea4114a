/**
 * {@code xfer bandwidth} on one GPU: host<->device (and device<->device) copy rates per host
 * memory kind, size and direction, with the plan, benchmark, result records and their renderers
 * (text, CSV, JSON, result names). Also the copy tools the families below share: directions,
 * timers, timed copies, the data pattern and verification failures.
 * <p>
 * The families that span GPUs live in their own packages, each with its own renderers:
 * {@link dev.xfer.app.bandwidth.concurrent} (every GPU at once), {@link dev.xfer.app.bandwidth.peer}
 * (GPU to GPU) and {@link dev.xfer.app.bandwidth.several} (a run over several GPUs, which puts
 * each GPU's own results and those two together).
 */
package dev.xfer.app.bandwidth;
