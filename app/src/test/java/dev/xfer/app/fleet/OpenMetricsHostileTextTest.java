package dev.xfer.app.fleet;

import dev.xfer.app.output.OpenMetrics;

import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Any text in a host, label or GPU name (newlines, quotes, backslashes, control characters) stays one valid sample. */
class OpenMetricsHostileTextTest {
    @Property(tries = 300)
    void anyTextIsALabelValue(@ForAll String host, @ForAll String label, @ForAll String gpuName) {
        Result result = new Result(Identity.of("bandwidth", "gbps").build(), Quantity.GIGABYTES_PER_SECOND,
                Summary.single(5e10), CheckOutcome.PASSED);
        GpuRun run = new GpuRun(Path.of("x.json"), "bandwidth", host, Optional.of(label), "", 0, gpuName,
                Optional.of("GPU-1"), "0000:17:00.0", Optional.empty(), List.of(Measurement.of(result)), Optional.empty());
        List<OpenMetricsTest.Sample> samples = OpenMetricsTest.parse(OpenMetrics.render((List.of(run)).stream().map(dev.xfer.app.fleet.GpuRun::results).toList()));
        assertEquals(1, samples.size());
        // An empty value reads as no label, as Prometheus reads it.
        assertEquals(host, samples.getFirst().labels().getOrDefault("host", ""));
        assertEquals(label, samples.getFirst().labels().getOrDefault("label", ""));
        assertEquals(gpuName, samples.getFirst().labels().getOrDefault("gpu_name", ""));
        assertEquals(5e10, samples.getFirst().value());
    }
}
