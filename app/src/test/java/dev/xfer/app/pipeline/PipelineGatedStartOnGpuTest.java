package dev.xfer.app.pipeline;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.StartMode;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: {@code pipeline --start gated} brings every batch back right at every depth,
 * records its timeline, and is not slower than the plain start beyond noise. Loose, as overlap's
 * GatedStartOnGpuTest: the gated window (events from the gate's opening) leaves out the host's
 * queuing and waits that the plain host clock includes, so it should be at or under it.
 */
@Tag("gpu")
class PipelineGatedStartOnGpuTest {

    @ParameterizedTest(name = "{0} batches of {1} bytes, {2} buffers, K={3}")
    @CsvSource({"7, 1048580, 1, 1", "16, 4194304, 2, 1", "16, 4194304, 3, 10", "1, 4, 2, 1"})
    void gatedIsRightAndNotSlowerThanPlain(int batches, long bytes, int buffers, int k) {
        CudaDevice device = CudaRuntime.load(Optional.empty()).device(0);
        PipelinePlan plain = new PipelinePlan(batches, bytes, k, buffers, 10, 2);
        PipelinePlan gated = new PipelinePlan(batches, bytes, k, buffers, 10, 2, StartMode.GATED);
        PipelineResult p = assertInstanceOf(PipelineResult.class, new PipelineBenchmark(device, Progress.NONE).run(plain));
        PipelineResult g = assertInstanceOf(PipelineResult.class, new PipelineBenchmark(device, Progress.NONE).run(gated));
        assertTrue(p.withinTolerance() && g.withinTolerance(), "max error plain " + p.maxError() + ", gated " + g.maxError());
        assertEquals(3 * batches, g.timeline().orElseThrow().ops().size());
        double gatedMs = g.milliseconds().median();
        double plainMs = p.milliseconds().median();
        assertTrue(gatedMs > 0);
        assertTrue(gatedMs <= plainMs * 1.15 + 0.05, "gated median " + gatedMs + " ms, plain " + plainMs + " ms");
    }
}
