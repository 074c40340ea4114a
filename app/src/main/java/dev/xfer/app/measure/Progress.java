package dev.xfer.app.measure;

/** Receives "now measuring" notes from a benchmark; commands show them on a terminal. */
@FunctionalInterface
public interface Progress {
    void measuring(int done, int total, String configuration);

    Progress NONE = (done, total, configuration) -> { };
}
