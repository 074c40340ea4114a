package dev.xfer.app.bandwidth;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.evidence.ClockEvents;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.LinkSample;
import dev.xfer.app.evidence.LinkState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.evidence.RecordedProbe;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.run.Activity;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.run.StopRequest;

import java.io.PrintWriter;
import java.io.Writer;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A machine whose NVML says Confidential Computing is on (or off, or cannot say), and fake H200s on
 * it: what the CC run tests (several GPUs, patterns, overlap, check, pipeline, latency) share. The GPUs are opened without a CUDA device, so a run that
 * asks one anything fails: the rules must settle a run before any engine does.
 */
public final class ConfidentialComputingFixtures {
    /** CC on, in production mode, the GPUs ready. */
    public static final Reading<ConfidentialComputingState> CC_ON = Reading.of(new ConfidentialComputingState(true,
            "production", false, Reading.of(true)));

    private ConfidentialComputingFixtures() {
    }

    /** Each GPU's evidence: a recorded probe, quiet, on a machine with CC on. */
    public static GpuProbes ccMachine() {
        return machine(CC_ON);
    }

    /** Each GPU's evidence: a recorded probe, quiet, on a machine whose NVML reads CC as {@code state}. */
    public static GpuProbes machine(Reading<ConfidentialComputingState> state) {
        GpuSnapshot quiet = new GpuSnapshot(Instant.EPOCH, 0, Reading.of(true), Reading.of(1980), Reading.of(3201),
                Reading.of(new ClockEvents(ClockEvents.GPU_IDLE)), Reading.of(new LinkState(5, 16)), Reading.of(3L),
                Reading.of(List.of()), Optional.empty());
        return target -> new RecordedProbe(List.of(quiet), List.of(Reading.<LinkSample>unknown("not supported")), state);
    }

    /**
     * A bandwidth run over fake H200s on the CC machine.
     *
     * @param selected what {@code --device} asked for
     * @param gpus     how many GPUs the fake runtime has, for {@code --device all}
     */
    public static MeasuringRun bandwidthRun(OutputFormat format, MeasuringRun.Targets targets,
                                            DeviceSelection selected, int gpus, Writer out, Writer err) {
        return run("bandwidth", CC_ON, format, targets, selected, gpus, out, err);
    }

    /**
     * {@code command}'s run over fake H200s (no CUDA device: any question to one fails) on a machine
     * whose NVML reads CC as {@code state}, its results to stdout.
     */
    public static MeasuringRun run(String command, Reading<ConfidentialComputingState> state, OutputFormat format,
                                   DeviceSelection selected, Writer out, Writer err) {
        return run(command, state, format, new MeasuringRun.Targets(null, null, null, null), selected, 1, out, err);
    }

    private static MeasuringRun run(String command, Reading<ConfidentialComputingState> state, OutputFormat format,
                                    MeasuringRun.Targets targets, DeviceSelection selected, int gpus, Writer out,
                                    Writer err) {
        return new MeasuringRun(command, format, targets, document -> "",
                new MeasuringRun.Devices(selected,
                        index -> new Session(null, null, ResultsFixtures.context(
                                MultiDeviceFixtures.h200At(index, 0x17 + index, 0))),
                        () -> gpus, session -> { }),
                StopRequest::new, Activity::new, false, new PrintWriter(out), new PrintWriter(err),
                () -> machine(state));
    }

    /** {@code measurement} run by the each-device loop, as overlap, check, pipeline and latency run, expecting nothing. */
    public static FinishedRun eachDevice(MeasuringRun measuring, EachDevice.Measurement measurement) {
        return EachDevice.run(measuring, ExpectationSet.parse(List.of()), List.of(), measurement);
    }

    /** CC off, unknown (a driver before CC) and on: what each command's rules are tested under. */
    public static List<Reading<ConfidentialComputingState>> states() {
        return List.of(Reading.of(ConfidentialComputingState.off()),
                Reading.unknown("NVML_ERROR_FUNCTION_NOT_FOUND"), CC_ON);
    }
}
