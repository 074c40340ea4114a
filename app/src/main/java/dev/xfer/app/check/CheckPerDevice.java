package dev.xfer.app.check;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.measure.Tally;
import dev.xfer.app.run.ConfidentialComputingOneKindRules;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.Session;

import java.util.List;

/**
 * One GPU's {@code xfer check}, as the each-device loop runs it: Confidential Computing's rules for
 * its one memory kind, the scenarios measured, the tallies finished before a stop kept, and the
 * report in every format.
 */
public final class CheckPerDevice implements EachDevice.Measurement {
    private final MeasuringRun measuring;
    private final CheckPlan plan;
    private final boolean verbose;

    /** @param verbose --verbose: the text lists every wrong trial */
    public CheckPerDevice(MeasuringRun measuring, CheckPlan plan, boolean verbose) {
        this.measuring = measuring;
        this.plan = plan;
        this.verbose = verbose;
    }

    @Override
    public EachDevice.Measured measure(Session session, Progress progress) {
        // Confidential Computing settles the run before anything is allocated: its memory refused, or its copies marked.
        List<String> notes = measuring.runWideNotes(ConfidentialComputingOneKindRules.notes(plan.memory(),
                measuring.confidentialComputing()));
        LiveRun live = measuring.live();
        // This GPU's results as each scenario finishes: what the run reports, stopped or not.
        Tally<CheckResult> kept = new Tally<>(live::kept);
        CheckRun run;
        try {
            run = new CheckExperiment(session.device(), progress).measure(plan, kept);
        } catch (RunStopped stopped) {
            // Each scenario's tally stands alone: those finished on this GPU before the stop are kept.
            if (kept.isEmpty()) {
                throw stopped;
            }
            run = new CheckRun(kept.all(), 0);
        }
        CheckResults report = new CheckResults(session.context(), plan, run, notes);
        return EachDevice.Measured.of(session.context(), report.runResults(),
                () -> CheckText.render(report, verbose),
                () -> CheckDocument.of(report));
    }
}
