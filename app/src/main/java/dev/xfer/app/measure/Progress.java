package dev.xfer.app.measure;

/**
 * What a benchmark tells the command running it while it measures: which configuration starts
 * now, and the points between iterations where stopping is safe. A benchmark never prints; the
 * command layer turns these events into a status line. Results do not travel here: the benchmark
 * appends them to the command's {@link Tally}, which streams them and which a stopped run reads.
 * <p>
 * {@link #measuring} and {@link #checkpoint} are the run's safe points: no CUDA call is in
 * flight on the calling thread there, so an implementation may throw {@link RunStopped} to end
 * the run; try-with-resources in the benchmark then frees what it allocated.
 */
@FunctionalInterface
public interface Progress {
    /** Configuration {@code done + 1} of {@code total} starts now; {@code done} are measured. */
    void measuring(int done, int total, String configuration);

    /** Between two iterations of one configuration: a safe point to stop at. */
    default void checkpoint() {
    }

    /**
     * The copies of the current configuration moved these bytes across GPU {@code device}'s PCIe
     * link (warm-up and verification copies included): {@code toDevice} host to GPU,
     * {@code fromDevice} GPU to host. The run's evidence takes them off the link counters, so
     * what is left is traffic xfer did not make; a configuration that never says leaves its link
     * traffic unjudged. Call it outside timed windows (after a configuration), not per copy.
     */
    default void moved(int device, long toDevice, long fromDevice) {
    }

    /** The same events, each {@link #measuring} note rewritten by {@code note} (counted on, labelled). */
    default Progress renamed(Note note) {
        Progress inner = this;
        return new Progress() {
            @Override
            public void measuring(int done, int total, String configuration) {
                note.measuring(inner, done, total, configuration);
            }

            @Override
            public void checkpoint() {
                inner.checkpoint();
            }

            @Override
            public void moved(int device, long toDevice, long fromDevice) {
                inner.moved(device, toDevice, fromDevice);
            }
        };
    }

    /** Rewrites one {@link #measuring} note and passes it on to {@code to}. */
    @FunctionalInterface
    interface Note {
        void measuring(Progress to, int done, int total, String configuration);
    }

    Progress NONE = (done, total, configuration) -> { };
}
