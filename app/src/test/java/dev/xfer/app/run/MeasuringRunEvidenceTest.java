package dev.xfer.app.run;

import dev.xfer.app.cli.ExitCode;
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
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run loop's evidence on fixed readings, no CUDA: a GPU "opened" by a fake opener is recorded
 * through a {@link RecordedProbe}, and the shared end writes what it found.
 */
class MeasuringRunEvidenceTest {
    private static final long OWN = ProcessHandle.current().pid();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static GpuSnapshot snapshot(List<ComputeProcess> processes) {
        return new GpuSnapshot(Instant.EPOCH, 0, Reading.of(true), Reading.of(1980), Reading.of(3201),
                Reading.of(new ClockEvents(ClockEvents.GPU_IDLE)), Reading.of(new LinkState(5, 16)), Reading.of(3L),
                Reading.of(processes), Optional.empty());
    }

    private static GpuProbes probes(List<ComputeProcess> processes) {
        return target -> new RecordedProbe(List.of(snapshot(processes)), List.of(Reading.<LinkSample>unknown("not supported")));
    }

    private MeasuringRun run(OutputFormat format, GpuProbes probes) {
        RunContext context = ResultsFixtures.context();
        return new MeasuringRun("fake", format, new MeasuringRun.Targets(null, null, null, null), document -> "",
                new MeasuringRun.Devices(DeviceSelection.DEFAULT, index -> new Session(null, null, context), () -> 1,
                        session -> { }),
                StopRequest::new, Activity::new, false, new PrintWriter(out), new PrintWriter(err), () -> probes);
    }

    private FinishedRun measure(MeasuringRun run, boolean passes) {
        RunContext context = run.session().context();
        run.progress().measuring(0, 1, "pinned h2d 64MiB");
        run.progressDone();
        RunResults results = new RunResults("fake", List.of(), List.of(new MeasuredConfiguration("pinned.h2d.64MiB",
                "52.1 GB/s", passes ? Optional.empty() : Optional.of("wrong byte at offset 12"))));
        Rendering rendering = new Rendering(() -> "TEXT\n", () -> "a,b\n",
                () -> Documents.document("fake", context, new LinkedHashMap<>(), List.of(), List.of()));
        return run.finish(context, results, ExpectationSet.parse(List.of()).validate(List.of()), rendering, Instant.now());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aForeignProcessIsInTheDocumentAndAFailedCheckExitsSix() {
        FinishedRun finished = measure(run(OutputFormat.JSON,
                probes(List.of(new ComputeProcess(OWN, Optional.of("java")), new ComputeProcess(4711, Optional.of("python"))))),
                false);
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(out.toString());
        List<Map<String, Object>> disturbances = (List<Map<String, Object>>) doc.get("disturbances");
        assertEquals(1, disturbances.size());
        assertEquals("foreign-process", disturbances.getFirst().get("kind"));
        assertEquals("pid 4711 (python) holds a context on GPU 0", disturbances.getFirst().get("detail"));
        Map<String, Object> evidence = (Map<String, Object>) ((Map<String, Object>) doc.get("context")).get("evidence");
        assertEquals(OWN, ((Number) evidence.get("ownPid")).longValue());
        // setup, then the configuration
        assertEquals(2L, ((Number) evidence.get("phases")).longValue());
        assertEquals("unknown: not supported", evidence.get("linkTraffic"));
        assertTrue(finished.disturbed());
        assertEquals(ExitCode.DISTURBED, ExitCode.of(finished));
        // JSON on stdout: the line goes to stderr.
        assertTrue(err.toString().contains("GPU 0 disturbed: pid 4711 (python) holds a context\n"), err.toString());
    }

    @Test
    void aDisturbedRunThatPassesExitsZeroWithTheNote() {
        FinishedRun finished = measure(run(OutputFormat.TEXT,
                probes(List.of(new ComputeProcess(4711, Optional.empty())))), true);
        assertEquals(ExitCode.OK, ExitCode.of(finished));
        assertEquals("TEXT\nGPU 0 disturbed: pid 4711 holds a context\n", out.toString());
    }

    @Test
    void aQuietRunsFailureIsStillOne() {
        FinishedRun finished = measure(run(OutputFormat.TEXT, probes(List.of(new ComputeProcess(OWN, Optional.empty())))),
                false);
        assertFalse(finished.disturbed());
        assertEquals(ExitCode.CHECK_FAILED, ExitCode.of(finished));
        assertEquals("TEXT\n", out.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void withoutNvmlTheEvidenceSaysWhyAndNothingIsDisturbed() {
        FinishedRun finished = measure(run(OutputFormat.JSON, GpuProbes.unavailable("libnvidia-ml.so.1 not found")), true);
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(out.toString());
        assertEquals("unavailable: libnvidia-ml.so.1 not found", ((Map<String, Object>) doc.get("context")).get("evidence"));
        assertEquals(List.of(), doc.get("disturbances"));
        assertEquals(ExitCode.OK, ExitCode.of(finished));
    }

    /** CSV carries no column for it (rows stream before the evidence is judged): the note goes to stderr. */
    @Test
    void csvIsUnchangedAndTheNoteGoesToStderr() {
        measure(run(OutputFormat.CSV, probes(List.of(new ComputeProcess(4711, Optional.of("python"))))), true);
        assertEquals("a,b\n", out.toString());
        assertEquals("GPU 0 disturbed: pid 4711 (python) holds a context\n", err.toString());
    }
}
