package dev.xfer.app.run;

import dev.xfer.app.bandwidth.ConfidentialComputingFixtures;
import dev.xfer.app.check.CheckPerDevice;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.check.CheckText;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.overlap.OverlapPerDevice;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.overlap.OverlapText;
import dev.xfer.app.pipeline.PipelinePerDevice;
import dev.xfer.app.pipeline.PipelineText;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CC's one-kind rules as overlap, check and pipeline apply them, on fake GPUs (no CUDA device: any
 * question to one fails) under CC off, unknown and on: a kind CC refuses stops the run with one line
 * before any GPU is asked anything; a kind it leaves is marked bounced before measuring starts; off
 * and unknown change nothing.
 */
class ConfidentialComputingOneKindRunsTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private MeasuringRun measuring(String command, Reading<ConfidentialComputingState> state, OutputFormat format) {
        return ConfidentialComputingFixtures.run(command, state, format, DeviceSelection.of(0), out, err);
    }

    /** {@code command}'s per-device measurement of {@code memory} (pipeline's batches are always pinned). */
    private static EachDevice.Measurement perDevice(String command, MeasuringRun measuring, HostMemoryKind memory) {
        return switch (command) {
            case "overlap" -> new OverlapPerDevice(measuring, new OverlapPlan(1024, 4, 256, 1,
                    List.of(OverlapSchedule.values()), 2, 1, memory), NumaOption.NONE,
                    NumaTopology.assumedSingleNode(), false);
            case "check" -> new CheckPerDevice(measuring, new CheckPlan(1024, 2, memory,
                    List.of(CheckScenario.values()), 1), false);
            case "pipeline" -> new PipelinePerDevice(measuring, ResultsFixtures.pipelinePlan(), false);
            default -> throw new IllegalArgumentException(command);
        };
    }

    private RuntimeException run(String command, Reading<ConfidentialComputingState> state, OutputFormat format,
                                 HostMemoryKind memory) {
        MeasuringRun measuring = measuring(command, state, format);
        return assertThrows(RuntimeException.class, () -> ConfidentialComputingFixtures.eachDevice(measuring,
                perDevice(command, measuring, memory)));
    }

    /**
     * {@code failed} is the fake GPU's failure at the run's first question to it, whether its memory
     * fits (a device that is null here): the run went past CC's rules to the GPU, not a failure before.
     */
    private static void assertAskedTheGpu(RuntimeException failed) {
        assertEquals(NullPointerException.class, failed.getClass(), failed.toString());
        assertEquals("dev.xfer.cuda.InsufficientDeviceMemoryException", failed.getStackTrace()[0].getClassName(),
                failed.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlap", "check"})
    void ccOnRefusesAKindPageLockedByCudaHostRegisterBeforeTheGpuIsAsked(String command) {
        for (HostMemoryKind memory : List.of(HostMemoryKind.REGISTERED, HostMemoryKind.PINNED_HUGE)) {
            RuntimeException stopped = run(command, ConfidentialComputingFixtures.CC_ON, OutputFormat.TEXT, memory);
            assertEquals(UnusableOptionException.class, stopped.getClass(), command + " " + memory + ": " + stopped);
            assertEquals("--memory " + memory.label() + ": " + ConfidentialComputing.REGISTERED + "; use --memory pinned",
                    stopped.getMessage());
        }
        assertEquals("", out.toString(), "nothing measured, nothing written");
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlap", "check", "pipeline"})
    void ccOnMarksTheHostCopiesBouncedBeforeMeasuring(String command) {
        assertAskedTheGpu(run(command, ConfidentialComputingFixtures.CC_ON, OutputFormat.JSON, HostMemoryKind.PINNED));
        // Beside a document the run-wide notes go to stderr, before the (fake) GPU is asked to measure.
        List<String> said = err.toString().lines().toList();
        assertEquals(1, said.stream().filter(l -> l.startsWith("xfer: Confidential Computing: on (production")).count(),
                err.toString());
        assertTrue(said.contains("xfer: " + ConfidentialComputing.BOUNCE), err.toString());
    }

    /** CC off or unknown: every kind goes to the GPU (a kind CC would refuse too), and nothing is marked. */
    @ParameterizedTest
    @ValueSource(strings = {"overlap", "check", "pipeline"})
    void ccOffOrUnknownRefusesAndMarksNothing(String command) {
        // pipeline's batches are always pinned; overlap and check take the kind given.
        List<HostMemoryKind> kinds = command.equals("pipeline") ? List.of(HostMemoryKind.PINNED)
                : List.of(HostMemoryKind.REGISTERED, HostMemoryKind.PINNED);
        for (Reading<ConfidentialComputingState> state : ConfidentialComputingFixtures.states()) {
            if (ConfidentialComputing.on(state).isEmpty()) {
                for (HostMemoryKind memory : kinds) {
                    assertAskedTheGpu(run(command, state, OutputFormat.JSON, memory));
                }
            }
        }
        assertFalse(err.toString().contains("Confidential Computing"), err.toString());
    }

    /** In text the marks are the run's notes, after its tables, as bandwidth's: the rates read as CC's path. */
    @Test
    void theTextOfEachCarriesTheMarks() {
        List<String> marks = ConfidentialComputingOneKindRules.notes(HostMemoryKind.PINNED,
                ConfidentialComputingFixtures.CC_ON);
        OverlapResults overlap = ResultsFixtures.overlapReport();
        CheckResults check = ResultsFixtures.checkReport();
        for (String text : List.of(
                OverlapText.render(new OverlapResults(overlap.context(), overlap.plan(), overlap.passes(), marks,
                        overlap.placement())),
                CheckText.render(new CheckResults(check.context(), check.plan(), check.results(), 0, marks)),
                PipelineText.text(ResultsFixtures.context(), ResultsFixtures.pipelinePlan(),
                        ResultsFixtures.pipelineResult(1e-7), marks))) {
            for (String mark : marks) {
                assertEquals(1, text.lines().filter(("note: " + mark)::equals).count(), text);
            }
        }
        assertFalse(CheckText.render(check).contains("note: "), "no CC, no note");
        assertFalse(PipelineText.text(ResultsFixtures.context(), ResultsFixtures.pipelinePlan(),
                ResultsFixtures.pipelineResult(1e-7)).contains("note: "), "no CC, no note");
    }
}
