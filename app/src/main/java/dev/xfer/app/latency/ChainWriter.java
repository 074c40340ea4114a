package dev.xfer.app.latency;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Lays a {@link ChaseCycle} out in memory: node i is the 8 bytes at {@code i * NODE_BYTES}, and it
 * holds the address, as the chasing GPU sees it, of the node after it. Only those 8 bytes of each
 * line are written; the rest of the line is never read.
 */
final class ChainWriter {
    private ChainWriter() {
    }

    /**
     * Writes nodes {@code [first, first + count)} into {@code view}, whose byte 0 is node {@code first}.
     *
     * @param base the address of node 0 on the device
     */
    static void write(MemorySegment view, ChaseCycle cycle, long base, int first, int count) {
        for (int k = 0; k < count; k++) {
            int node = first + k;
            view.set(ValueLayout.JAVA_LONG_UNALIGNED, (long) k * LatencyPlan.NODE_BYTES,
                    address(base, cycle.next(node)));
        }
    }

    /** The device address of {@code node} in a chain that starts at {@code base}. */
    static long address(long base, int node) {
        return base + (long) node * LatencyPlan.NODE_BYTES;
    }
}
