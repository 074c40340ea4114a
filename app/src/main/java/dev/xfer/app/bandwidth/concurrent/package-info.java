/**
 * {@code xfer bandwidth --concurrent}: every selected GPU copying at once, each with its own pinned
 * buffer, stream and thread; each GPU's rate, the aggregate, and what each reached alone.
 */
package dev.xfer.app.bandwidth.concurrent;
