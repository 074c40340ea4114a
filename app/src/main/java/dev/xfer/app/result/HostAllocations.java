package dev.xfer.app.result;

/**
 * A result measured on several separately allocated host buffers, as its document records it
 * ({@code "allocations": {"count": k, "best": GB/s, "worst": GB/s}}): the result's figures are the
 * best allocation's, so it is a best-of-k figure, and best against worst is how far host-memory
 * placement moved the copy in that run.
 *
 * @param count how many allocations, at least 2
 * @param best  the best per-allocation median rate, GB/s
 * @param worst the worst, GB/s; at most {@code best}
 */
public record HostAllocations(long count, double best, double worst) {
    public HostAllocations {
        if (count < 2 || !(best > 0) || !(worst >= 0) || worst > best) {
            throw new IllegalArgumentException("allocations need count >= 2 and 0 <= worst <= best, not "
                    + count + ", " + best + ", " + worst);
        }
    }

    /** (best - worst) / best: 0 when every allocation measured the same. */
    public double spread() {
        return (best - worst) / best;
    }

    /** worst / best: the share of the best that the worst allocation reached. */
    public double worstOfBest() {
        return worst / best;
    }
}
