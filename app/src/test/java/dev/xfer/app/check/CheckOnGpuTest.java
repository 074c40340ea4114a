package dev.xfer.app.check;

import dev.xfer.app.measure.Progress;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Needs an NVIDIA GPU: synchronized copies are always right; the unsynchronized read races. */
@Tag("gpu")
class CheckOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    @Test
    void synchronizedScenariosNeverSeeWrongData() {
        var plan = new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, 20, HostMemoryKind.PINNED,
                List.of(CheckScenario.D2H_SYNCHRONIZED, CheckScenario.D2H_PAGEABLE, CheckScenario.H2D_EVENT));
        for (CheckResult r : new CheckExperiment(device, Progress.NONE).run(plan)) {
            assertEquals(0, r.wrongTrials(), r.scenario() + ": " + r);
            assertEquals(Conclusion.SAFE, r.conclusion());
        }
    }

    /** The tutorial's experiment: 100 trials of about 800 MB, read without synchronizing. */
    @Test
    void theUnsynchronizedReadSeesWrongDataInSomeTrial() {
        var plan = new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, 100, HostMemoryKind.PINNED,
                List.of(CheckScenario.D2H_UNSYNCHRONIZED));
        CheckResult r = new CheckExperiment(device, Progress.NONE).run(plan).getFirst();
        assertTrue(r.wrongTrials() >= 1, "no wrong trial in 100: " + r);
        assertEquals(Conclusion.RACE_OBSERVED, r.conclusion());
    }
}
