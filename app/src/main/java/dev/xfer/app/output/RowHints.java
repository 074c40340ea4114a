package dev.xfer.app.output;

import java.util.Optional;

/**
 * The one line a measuring run prints for a GPU whose copies ran far below what its link should
 * carry: which row, and the top cause xfer can see without measuring anything more. Given by the
 * command line (doctor's readers of sysfs and config space), asked once per GPU at the run's end;
 * never a CUDA call and never a probe.
 */
@FunctionalInterface
public interface RowHints {
    /**
     * @param context     the GPU and its link
     * @param results     the GPU's results in this run
     * @param disturbance the line of what disturbed the GPU during the run, when something did
     * @return {@code hint: GPU 0 pinned h2d ran at 22% of its link: ...}, or empty when no row is far below
     */
    Optional<String> hint(RunContext context, RunResults results, Optional<String> disturbance);

    /** No hints: commands other than bandwidth and smoke. */
    static RowHints none() {
        return (context, results, disturbance) -> Optional.empty();
    }
}
