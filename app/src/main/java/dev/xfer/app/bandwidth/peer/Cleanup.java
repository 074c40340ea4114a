package dev.xfer.app.bandwidth.peer;

/** A clean-up step for try-with-resources, so a failure in it never hides the one that ended the run. */
@FunctionalInterface
interface Cleanup extends AutoCloseable {
    @Override
    void close();
}
