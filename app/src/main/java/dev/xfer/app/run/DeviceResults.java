package dev.xfer.app.run;

import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;

/** One device's context and results, for a run over several devices ({@link MeasuringRun#finish(java.util.List, java.util.List, dev.xfer.app.expect.ValidatedExpectations, dev.xfer.app.output.Rendering, java.time.Instant)}). */
public record DeviceResults(RunContext context, RunResults results) {
}
