package dev.xfer.app.expect;

/** The rules a link rate must meet, shared by results and their declarations. */
final class LinkRate {
    private LinkRate() {
    }

    /** Throws unless a result named {@code name} in {@code unit} may have a link rate at all. */
    static void requireAllowed(String name, MetricUnit unit) {
        if (unit != MetricUnit.GBPS) {
            throw new IllegalArgumentException("result " + name + " is " + unit.noun()
                    + "; only bandwidths in GB/s have a link rate");
        }
    }

    /** Throws unless {@code linkGBps} is a usable link rate for a result named {@code name}. */
    static void require(String name, MetricUnit unit, double linkGBps) {
        requireAllowed(name, unit);
        // Percentages of a zero, negative or unknown rate mean nothing, so they never get that far.
        if (!(linkGBps > 0) || Double.isInfinite(linkGBps)) {
            throw new IllegalArgumentException("result " + name
                    + ": the link rate must be finite and greater than zero, got " + linkGBps);
        }
    }
}
