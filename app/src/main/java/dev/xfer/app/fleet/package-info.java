/**
 * Reading many xfer documents at once: across machines ({@code xfer fleet}: which GPU is well
 * below its peers) and across time ({@code xfer compare}: what changed since a baseline).
 * Nothing here touches CUDA: the inputs are the JSON documents the measuring commands wrote.
 */
package dev.xfer.app.fleet;
