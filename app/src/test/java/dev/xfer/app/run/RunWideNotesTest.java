package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A note that holds for the whole process run (Confidential Computing's state and marks) goes to
 * stderr beside a machine-readable document once, however many repetitions {@code --runs} makes and
 * each says it again; a repetition's own warnings are still said each time. Each repetition here
 * ends at once, without a GPU: what is counted is what went to stderr.
 */
class RunWideNotesTest {
    private static final String STATE = "Confidential Computing: on (production, GPUs ready)";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private MeasuringRun measuring() {
        GpuProbes none = target -> {
            throw new AssertionError("no GPU is opened here");
        };
        return new MeasuringRun("bandwidth", OutputFormat.JSON, new MeasuringRun.Targets(null, null, null, null),
                document -> "", new MeasuringRun.Devices(DeviceSelection.DEFAULT, index -> {
                    throw new AssertionError("no GPU is opened here");
                }, () -> 1, session -> { }), StopRequest::new, Activity::new, false, new PrintWriter(out),
                new PrintWriter(err), () -> none);
    }

    /** One repetition as the bandwidth runs end theirs: the run-wide notes said, then a document without rows. */
    private static FinishedRun once(MeasuringRun measuring) {
        measuring.runWideNotes(List.of(STATE));
        measuring.warn("a repetition's own warning");
        RunContext context = ResultsFixtures.context();
        return measuring.finish(context, RunResults.of("bandwidth", List.of()),
                ExpectationSet.parse(List.of()).validate(List.of()), new Rendering(() -> "", () -> "",
                        () -> GpuDocument.of("bandwidth", context, NoParameters.NONE, List.of(), List.of())),
                Instant.now());
    }

    @Test
    void runWideNotesAreSaidOnceOverEveryRepetition() {
        MeasuringRun measuring = measuring();
        measuring.repeat(3, () -> once(measuring));
        List<String> lines = err.toString().lines().toList();
        assertEquals(1, lines.stream().filter(l -> l.equals("xfer: " + STATE)).count(), err.toString());
        assertEquals(3, lines.stream().filter(l -> l.equals("xfer: a repetition's own warning")).count(),
                err.toString());
    }
}
