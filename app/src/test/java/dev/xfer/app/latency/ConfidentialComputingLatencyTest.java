package dev.xfer.app.latency;

import dev.xfer.app.bandwidth.ConfidentialComputingFixtures;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * latency under Confidential Computing: with CC on the host target is waived (its chase has the SMs
 * read mapped host memory), each size with why, the other targets chased as asked; off and unknown
 * change nothing. The runs are on a fake GPU (no CUDA device: any question to one fails), so a run
 * whose every target CC waives must end before the GPU is asked anything.
 */
class ConfidentialComputingLatencyTest {
    private static final LatencyPlan ALL = plan(List.of(LatencyTarget.Kind.values()));
    private static final String HOST = "Confidential Computing is on: the pointer chase reads host memory from the"
            + " SMs, which the GPU may not do in a confidential VM";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static LatencyPlan plan(List<LatencyTarget.Kind> kinds) {
        return new LatencyPlan(List.of(4096L, 2L << 20), kinds, 1000, 5, ChaseOrder.RANDOM, 1);
    }

    @Test
    void offOrUnknownChangesNothing() {
        for (Reading<ConfidentialComputingState> state : ConfidentialComputingFixtures.states()) {
            if (ConfidentialComputing.on(state).isEmpty()) {
                assertEquals(new ConfidentialComputingLatencyRules(Optional.of(ALL), List.of(), List.of()),
                        ConfidentialComputingLatencyRules.apply(ALL, state), state.toString());
            }
        }
    }

    @Test
    void onTheHostTargetIsWaivedEachSizeAndTheRestChased() {
        ConfidentialComputingLatencyRules rules = ConfidentialComputingLatencyRules.apply(ALL,
                ConfidentialComputingFixtures.CC_ON);
        assertEquals(Optional.of(plan(List.of(LatencyTarget.Kind.DEVICE, LatencyTarget.Kind.PEER))), rules.plan());
        assertEquals(List.of(new Waiver("host 4096 B", HOST), new Waiver("host 2097152 B", HOST)), rules.waived());
        assertEquals(HOST, ConfidentialComputing.smsReachHost("the pointer chase reads"), "worded where bandwidth's are");
        assertEquals(2, rules.notes().size(), "CC's state line and the peers' note: no host copy is measured, nothing bounces");
        assertTrue(rules.notes().getFirst().startsWith("Confidential Computing: on (production"), rules.notes()::toString);
        assertEquals(ConfidentialComputing.PEERS, rules.notes().get(1), "a peer chase is GPU-to-GPU traffic");
    }

    @Test
    void onWithoutTheHostTargetOnlyNotesTheState() {
        LatencyPlan device = plan(List.of(LatencyTarget.Kind.DEVICE));
        ConfidentialComputingLatencyRules rules = ConfidentialComputingLatencyRules.apply(device,
                ConfidentialComputingFixtures.CC_ON);
        assertEquals(Optional.of(device), rules.plan());
        assertEquals(List.of(), rules.waived());
        assertEquals(1, rules.notes().size());
    }

    private FinishedRun run(Reading<ConfidentialComputingState> state, OutputFormat format, LatencyPlan plan) {
        MeasuringRun measuring = ConfidentialComputingFixtures.run("latency", state, format, DeviceSelection.of(0),
                out, err);
        return ConfidentialComputingFixtures.eachDevice(measuring, new LatencyPerDevice(measuring, plan,
                DeviceSelection.of(0)));
    }

    @Test
    void onWithOnlyTheHostTargetEndsAsWaiversWithoutRowsBeforeTheGpuIsAsked() {
        FinishedRun finished = run(ConfidentialComputingFixtures.CC_ON, OutputFormat.JSON,
                plan(List.of(LatencyTarget.Kind.HOST)));
        assertEquals(ExitCode.OK, ExitCode.of(finished), "a waiver neither passes nor fails");
        SchemaContract.requireValid(JsonMaps.parse(out.toString()), "latency's document of waivers");
        GpuDocument document = (GpuDocument) MeasuredDocuments.read("latency", out.toString()).orElseThrow();
        assertEquals(List.of(), document.results());
        assertEquals(Optional.of(List.of(new Waiver("host 4096 B", HOST), new Waiver("host 2097152 B", HOST))),
                document.waived());
        assertEquals(new LatencyDocument.Notes(List.of()), document.extras(), "beside --json, the notes are on stderr");
        assertTrue(err.toString().contains("xfer: Confidential Computing: on (production"), err.toString());
    }

    @Test
    void theTextSaysTheWaiverAndTheState() {
        run(ConfidentialComputingFixtures.CC_ON, OutputFormat.TEXT, plan(List.of(LatencyTarget.Kind.HOST)));
        String text = out.toString();
        assertTrue(text.contains("note: Confidential Computing: on (production"), text);
        assertTrue(text.contains("waived: " + HOST + ": host 4096 B, host 2097152 B"), text);
    }

    /**
     * {@code failed} is the fake GPU's failure (its CUDA runtime is null) at the run's first question to
     * CUDA, how many GPUs there are for the peers: the run got past CC's rules to the GPU.
     */
    private static void assertAskedTheGpu(RuntimeException failed) {
        assertEquals(NullPointerException.class, failed.getClass(), failed.toString());
        assertTrue(failed.getMessage().startsWith("Cannot invoke \"dev.xfer.cuda.CudaRuntime.deviceCount()\""),
                failed.toString());
    }

    @Test
    void onWithMoreThanHostGoesOnToTheGpuAndOffOrUnknownChasesHost() {
        // The fake GPU is asked for the rest of the plan, and fails: CC left it something to chase.
        assertAskedTheGpu(assertThrows(RuntimeException.class,
                () -> run(ConfidentialComputingFixtures.CC_ON, OutputFormat.JSON, ALL)));
        for (Reading<ConfidentialComputingState> state : ConfidentialComputingFixtures.states()) {
            if (ConfidentialComputing.on(state).isEmpty()) {
                assertAskedTheGpu(assertThrows(RuntimeException.class, () -> run(state, OutputFormat.JSON,
                        plan(List.of(LatencyTarget.Kind.HOST))), "no CC: the host target is chased"));
            }
        }
        assertEquals("", out.toString());
    }
}
