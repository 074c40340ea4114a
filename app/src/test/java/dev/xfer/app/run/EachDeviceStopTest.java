package dev.xfer.app.run;

import dev.xfer.app.bandwidth.ConfidentialComputingFixtures;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The each-device loop and a stop: a GPU's measurement that keeps what it had when a stop came (its
 * waivers, say) returns rather than throwing, and the loop then sets up no further GPU.
 */
class EachDeviceStopTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final StopRequest stop = new StopRequest();

    private MeasuringRun twoGpus() {
        Reading<ConfidentialComputingState> off = Reading.of(ConfidentialComputingState.off());
        return new MeasuringRun("latency", OutputFormat.JSON, new MeasuringRun.Targets(null, null, null, null),
                document -> "", new MeasuringRun.Devices(DeviceSelection.of(0, 1),
                        index -> new Session(null, null, ResultsFixtures.context(
                                MultiDeviceFixtures.h200At(index, 0x17 + index, 0))),
                        () -> 2, session -> { }),
                () -> stop, Activity::new, false, new PrintWriter(out), new PrintWriter(err),
                () -> ConfidentialComputingFixtures.machine(off));
    }

    @Test
    void aStopDuringOneGpuSetsUpNoFurtherGpu() {
        List<Integer> asked = new ArrayList<>();
        MeasuringRun measuring = twoGpus();
        FinishedRun finished = EachDevice.run(measuring, ExpectationSet.parse(List.of()), List.of(),
                (session, progress) -> {
                    int index = session.context().device().index();
                    asked.add(index);
                    // The stop comes while this GPU measures; it keeps what it has and returns.
                    stop.request(StopRequest.Reason.SIGINT);
                    return new EachDevice.Measured(session.context(), new RunResults("latency", List.of(), List.of()),
                            new Rendering(() -> "", () -> "", () -> GpuDocument.of("latency", session.context(),
                                    NoParameters.NONE, List.of(), List.of())));
                });
        assertEquals(List.of(0), asked, "GPU 1 was never set up after the stop");
        assertEquals(java.util.Optional.of(StopRequest.Reason.SIGINT), finished.stoppedBy(), finished.toString());
        assertTrue(out.toString().contains("\"gpu0\"") || out.toString().contains("\"index\": 0"), out.toString());
        assertFalse(out.toString().contains("\"index\": 1,"), "no document part of GPU 1: " + out);
    }
}
