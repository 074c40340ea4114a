package dev.xfer.app.measure;

/**
 * What one sample is timed by: a start mark before the measured work, a stop mark after it, and
 * the time between them. {@link EventClock} marks with CUDA events on the work's stream (what the
 * device took), {@link HostClock} with the host's clock (what the calling thread waited).
 * <p>
 * A clock gives its reading in seconds and in milliseconds, each converted once from the unit
 * the clock itself counts in (CUDA events count milliseconds, the host clock nanoseconds), so a
 * sample is the same number whichever unit an engine reports in.
 */
public interface SampleClock {
    /** Marks the start of the timed window. */
    void start();

    /** Marks its end, and returns once the work between the marks is complete. */
    void stop();

    /** Seconds between the last {@link #start} and {@link #stop}; only after {@link #stop}. */
    double seconds();

    /** The same reading in milliseconds. */
    double milliseconds();

    /** Runs {@code work} between the two marks and returns the seconds it took. */
    default double time(Runnable work) {
        start();
        work.run();
        stop();
        return seconds();
    }
}
