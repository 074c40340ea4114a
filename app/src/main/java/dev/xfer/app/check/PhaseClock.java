package dev.xfer.app.check;

/**
 * Splits one trial's wall time into {@link CheckTimes} phases: each {@code lap} charges the time
 * since the previous lap to one phase. Monotonic (System.nanoTime), host side only: the phases
 * are what the host waited for, which is what makes a check run long.
 */
final class PhaseClock {
    enum Phase { PREPARE, COPY, HOST_ACCESS, VERIFY }

    private final long[] nanos = new long[Phase.values().length];
    private long last = System.nanoTime();

    void lap(Phase phase) {
        long now = System.nanoTime();
        nanos[phase.ordinal()] += now - last;
        last = now;
    }

    CheckTimes times() {
        return new CheckTimes(seconds(Phase.PREPARE), seconds(Phase.COPY), seconds(Phase.HOST_ACCESS),
                seconds(Phase.VERIFY));
    }

    private double seconds(Phase phase) {
        return nanos[phase.ordinal()] / 1e9;
    }
}
