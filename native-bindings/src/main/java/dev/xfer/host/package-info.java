/**
 * Where the calling thread runs and where its memory goes: CPU affinity and NUMA memory policy on
 * Linux x86-64, through the FFM API over libc ({@code sched_getaffinity}, {@code sched_setaffinity}
 * and the raw {@code syscall} function for {@code set_mempolicy}, {@code get_mempolicy},
 * {@code mbind} and {@code move_pages}, which glibc does not wrap).
 *
 * <p>Everything here acts on the calling thread only, as Linux does: a Java platform thread is
 * one kernel thread. {@link dev.xfer.host.ThreadBinding} binds a thread and puts it back;
 * {@link dev.xfer.host.ThreadPlacement} holds the single calls. On any other operating system or
 * architecture every call throws {@link java.lang.UnsupportedOperationException}; a failed call
 * throws {@link dev.xfer.host.PlacementException} naming the call and its errno.
 */
package dev.xfer.host;
