package dev.xfer.app.bandwidth.pattern;

/**
 * One copy of a round.
 *
 * @param initiator the GPU whose stream issues the copy (its context, in nvbandwidth's words)
 * @param bytes     how much it moves; interfering copies move twice the measured size, as in
 *                  nvbandwidth, so they are still running when the timed ones end
 * @param timed     whether the round's figure counts this copy; the others only interfere
 */
public record PlannedCopy(Endpoint from, Endpoint to, int initiator, long bytes, boolean timed) {
    public PlannedCopy {
        if (from.equals(to)) {
            throw new IllegalArgumentException("a copy from " + from + " to itself");
        }
        if (bytes <= 0) {
            throw new IllegalArgumentException("a copy of " + bytes + " bytes");
        }
        if (initiator != from.gpu() && initiator != to.gpu()) {
            throw new IllegalArgumentException("GPU " + initiator + " issues a copy from " + from + " to " + to
                    + ", which it takes no part in");
        }
    }

    @Override
    public String toString() {
        return from + "->" + to + " by gpu" + initiator + " " + bytes + "B" + (timed ? " timed" : "");
    }
}
