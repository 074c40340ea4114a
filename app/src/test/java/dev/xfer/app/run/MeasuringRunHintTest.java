package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.ClockEvents;
import dev.xfer.app.evidence.ComputeProcess;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.LinkSample;
import dev.xfer.app.evidence.LinkState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.evidence.RecordedProbe;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RowHints;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The shared end prints a GPU's hint line where the PASS/FAIL lines go: after text, on stderr beside a document. */
class MeasuringRunHintTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<Optional<String>> disturbancesSeen = new ArrayList<>();

    private static GpuProbes probes(List<ComputeProcess> processes) {
        GpuSnapshot s = new GpuSnapshot(Instant.EPOCH, 0, Reading.of(true), Reading.of(1980), Reading.of(3201),
                Reading.of(new ClockEvents(ClockEvents.GPU_IDLE)), Reading.of(new LinkState(5, 16)), Reading.of(3L),
                Reading.of(processes), Optional.empty());
        return target -> new RecordedProbe(List.of(s), List.of(Reading.<LinkSample>unknown("not supported")));
    }

    private void finish(OutputFormat format, GpuProbes probes, RowHints hints) {
        RunContext context = ResultsFixtures.context();
        MeasuringRun run = new MeasuringRun("bandwidth", format, new MeasuringRun.Targets(null, null, null, null),
                document -> "", new MeasuringRun.Devices(DeviceSelection.DEFAULT,
                index -> new Session(null, null, context), () -> 1,
                        session -> { }), StopRequest::new, Activity::new, false,
                new PrintWriter(out), new PrintWriter(err), () -> probes, hints);
        run.session();
        run.progress().measuring(0, 1, "pinned h2d 64MiB");
        run.progressDone();
        Rendering rendering = new Rendering(() -> "TEXT\n", () -> "a,b\n",
                () -> Documents.document("bandwidth", context, new LinkedHashMap<>(), List.of(), List.of()));
        run.finish(context, new RunResults("bandwidth", List.of(), List.of()),
                ExpectationSet.parse(List.of()).validate(List.of()), rendering, Instant.now());
    }

    private RowHints hint(String line) {
        return (context, results, disturbance) -> {
            disturbancesSeen.add(disturbance);
            return Optional.of(line);
        };
    }

    @Test
    void textCarriesTheHintAfterTheResults() {
        finish(OutputFormat.TEXT, probes(List.of()), hint("hint: GPU 0 pinned h2d ran at 22% of its link: x"));
        assertEquals("TEXT\nhint: GPU 0 pinned h2d ran at 22% of its link: x\n", out.toString());
        assertEquals(List.of(Optional.empty()), disturbancesSeen);
    }

    @Test
    void aDocumentOnStdoutSendsTheHintToStderrWithTheRunsDisturbance() {
        finish(OutputFormat.JSON, probes(List.of(new ComputeProcess(4711, Optional.of("python")))), hint("hint: h"));
        assertEquals("GPU 0 disturbed: pid 4711 (python) holds a context\nhint: h\n", err.toString());
        assertEquals(List.of(Optional.of("GPU 0 disturbed: pid 4711 (python) holds a context")), disturbancesSeen);
    }

    @Test
    void noHintNoLine() {
        finish(OutputFormat.TEXT, probes(List.of()), RowHints.none());
        assertEquals("TEXT\n", out.toString());
    }
}
