package dev.xfer.app.doctor;

import dev.xfer.app.evidence.ClockEvents;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.LinkState;
import dev.xfer.app.evidence.Reading;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Persistence mode with the first CUDA calls' time: the cost when it is off, evidence when it is on.
 * The off case exists on fixtures only: the GPU machines run with persistence on, and xfer never
 * changes it.
 */
class PersistenceFindingTest {
    private static final Scope GPU1 = Scope.gpu(1, "0000:02:00.0");
    private static final FirstCalls COLD = new FirstCalls(1.71, OptionalDouble.of(0.22));
    private static final FirstCalls WARM = new FirstCalls(0.31, OptionalDouble.of(0.11));

    private static Diagnosis judge(Reading<Boolean> on, Optional<FirstCalls> first) {
        return NvmlChecks.persistence(GPU1, 1, on, first);
    }

    @Test
    void offCostsTheMeasuredFirstCallsAtEachProcessStart() {
        Finding f = found(judge(Reading.known(false, "nvmlDeviceGetPersistenceMode"), Optional.of(COLD)));
        assertEquals(Severity.LOW, f.severity());
        assertTrue(f.summary().startsWith("the first CUDA calls took 1.93 s (the driver's"
                + " initialisation 1.71 s, GPU1's context 0.22 s); with persistence mode on"), f.summary());
        TimeCost cost = f.timeCost().orElseThrow();
        assertEquals(1.93, cost.seconds(), 1e-9);
        assertEquals(Cost.MEASURED, cost.basis());
        assertTrue(f.cost().isEmpty(), "seconds once are not GB/s lost");
        assertEquals(List.of("off", "1.71 s", "0.22 s"), f.evidence().stream().map(Evidence::value).toList());
        assertTrue(f.evidence().get(1).where().contains("cudaGetDeviceCount"), f.evidence().toString());
        assertTrue(f.evidence().get(2).where().contains("cudaSetDevice(1)"), f.evidence().toString());
        assertTrue(f.remedy().contains("nvidia-smi -pm 1") && f.remedy().contains("nvidia-persistenced"));
    }

    @Test
    void onIsClearAndStillShowsTheFigureWhichIsTheOnCaseCost() {
        Diagnosis.Clear c = clear(judge(Reading.known(true, "nvmlDeviceGetPersistenceMode"), Optional.of(WARM)));
        assertEquals("persistence mode on; the first CUDA calls took 0.42 s (the driver's initialisation 0.31 s,"
                + " GPU1's context 0.11 s)", c.summary());
        assertEquals(List.of("on", "0.31 s", "0.11 s"), c.evidence().stream().map(Evidence::value).toList());
    }

    @Test
    void withoutAContextCreatedOnlyTheDriversTimeCounts() {
        Finding f = found(judge(Reading.known(false, "nvml"),
                Optional.of(new FirstCalls(1.5, OptionalDouble.empty()))));
        assertEquals(1.5, f.timeCost().orElseThrow().seconds(), 1e-9);
        assertTrue(f.summary().contains("context not created: --no-probe"), f.summary());
        assertEquals(2, f.evidence().size());
        // Nothing timed at all: the finding says what happens, and claims no cost.
        assertTrue(found(judge(Reading.known(false, "nvml"), Optional.empty())).timeCost().isEmpty());
    }

    @Test
    void unreadableModeIsUnknownAndKeepsTheFigure() {
        Diagnosis.Unknown u = unknown(judge(Reading.unknown("libnvidia-ml.so.1 not found", "nvml"), Optional.of(COLD)));
        assertEquals("libnvidia-ml.so.1 not found; measured: the first CUDA calls took 1.93 s (the driver's"
                + " initialisation 1.71 s, GPU1's context 0.22 s)", u.why());
        assertThrows(IllegalArgumentException.class, () -> new FirstCalls(-1, OptionalDouble.empty()));
        assertThrows(IllegalArgumentException.class, () -> new FirstCalls(1, OptionalDouble.of(Double.NaN)));
    }

    @Test
    void nvmlsReadingAsTheProbesGiveItMeetsTheTimedCalls() {
        GpuSnapshot off = new GpuSnapshot(Instant.EPOCH, 0, ev(false), ev(1980), ev(2619),
                ev(new ClockEvents(ClockEvents.GPU_IDLE)), ev(new LinkState(5, 16)), ev(3L), ev(List.of()),
                Optional.empty());
        NvmlReadings nvml = new NvmlReadings(Map.of(1, new NvmlReadings.Gpu(off, off, ev(0.0), 250)), Map.of(), 7);
        Diagnosis persistence = NvmlChecks.diagnose(GPU1, 1, nvml, Optional.of(COLD)).stream()
                .filter(d -> d.cause() == Cause.PERSISTENCE_MODE).findFirst().orElseThrow();
        assertEquals(1.93, found(persistence).timeCost().orElseThrow().seconds(), 1e-9);
        assertEquals("nvmlDeviceGetPersistenceMode", found(persistence).evidence().getFirst().where());
    }

    private static <T> dev.xfer.app.evidence.Reading<T> ev(T value) {
        return dev.xfer.app.evidence.Reading.of(value);
    }
}
