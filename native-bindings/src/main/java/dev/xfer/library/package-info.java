/**
 * Finding the native libraries xfer loads by absolute path (libcudart, libnvidia-ml): one search
 * ({@link dev.xfer.library.LibraryLocator}) that {@code dev.xfer.cuda.CudartLocator} and
 * {@code dev.xfer.nvml.NvmlLocator} each run with their own names, variables and directories.
 * No native call here.
 */
package dev.xfer.library;
