package dev.xfer.app.pipeline;

import dev.xfer.app.measure.Progress;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Needs an NVIDIA GPU: every pipeline depth brings every batch back, each in its own place. */
@Tag("gpu")
class PipelineOnGpuTest {

    @ParameterizedTest(name = "{0} batches of {1} bytes, {2} buffers, K={3}")
    @CsvSource({"7, 1048580, 1, 1", "7, 1048580, 2, 1", "7, 1048580, 3, 10", "1, 4, 2, 1", "16, 65536, 3, 100"})
    void everyBatchComesBackRight(int batches, long bytes, int buffers, int k) {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        PipelineResult r = assertInstanceOf(PipelineResult.class, new PipelineBenchmark(cuda.device(0), Progress.NONE)
                .run(new PipelinePlan(batches, bytes, k, buffers, 2, 1)));
        assertTrue(r.withinTolerance(), "max error " + r.maxError());
        assertTrue(r.milliseconds().median() > 0);
    }
}
