package dev.xfer.app.doctor;

/**
 * The host reading page-locked memory, as doctor's probe timed it: a write-combined buffer
 * ({@code cudaHostAllocWriteCombined}) and an ordinary, cached, pinned one of the same size, each
 * copied by the host into pageable memory. Where it was measured goes with the reading that holds it.
 *
 * @param writeCombinedGBps the median rate of the host's reads of the write-combined buffer, 1e9 bytes/s
 * @param pinnedGBps        the same of the ordinary pinned buffer
 */
public record HostReads(double writeCombinedGBps, double pinnedGBps) {
    public HostReads {
        if (!(writeCombinedGBps > 0) || !(pinnedGBps > 0) || Double.isInfinite(writeCombinedGBps)
                || Double.isInfinite(pinnedGBps)) {
            throw new IllegalArgumentException("host read rates are finite and positive, not " + writeCombinedGBps
                    + " and " + pinnedGBps);
        }
    }

    /** Write-combined reads as a fraction of cached ones. */
    public double ratio() {
        return writeCombinedGBps / pinnedGBps;
    }
}
