package dev.xfer.app.bandwidth.peer;

import java.util.Optional;
import dev.xfer.app.format.Json;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.KernelTiming;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RowScope;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GPU to GPU by the copy kernel ({@code --copy kernel --direction p2p}): its own matrices beside
 * the driver's, its own names and JSON rows; a pair without peer access has no kernel figure, and
 * one line says why.
 */
class PeerKernelRenderingTest {
    private static final long MIB16 = 16L << 20;

    private static PeerResult pair(int src, int dst, double gbps, boolean access, CopyPath copy) {
        return new PeerResult(src, dst, MIB16, access, ResultsFixtures.summary(20, gbps, gbps - 1, gbps + 1, gbps, 0.5),
                ResultsFixtures.summary(20, 2 * gbps, 2 * gbps - 1, 2 * gbps + 1, 2 * gbps, 0.5), true, true, copy);
    }

    /** GPUs 0 and 1 reach each other, 2 reaches neither: kernel pairs only between 0 and 1. */
    private static List<PeerResult> results() {
        return List.of(pair(0, 1, 48.5, true, CopyPath.DRIVER), pair(0, 1, 44.25, true, CopyPath.KERNEL),
                pair(0, 2, 20.0, false, CopyPath.DRIVER), pair(1, 0, 48.75, true, CopyPath.DRIVER),
                pair(1, 0, 45.5, true, CopyPath.KERNEL), pair(1, 2, 20.5, false, CopyPath.DRIVER),
                pair(2, 0, 21.0, false, CopyPath.DRIVER), pair(2, 1, 21.25, false, CopyPath.DRIVER));
    }

    private static final String SAMPLE = KernelTiming.DEFAULT.describe(CopyTimer.EVENTS);

    @Test
    void theKernelHasItsOwnMatrices() {
        String text = PeerText.render(List.of(0, 1, 2), results(), SAMPLE);
        assertTrue(text.contains("GPU to GPU by copy kernel (launched on the source, writing into the destination),"
                + " 16777216 B, one way"), text);
        String kernelPart = text.substring(text.indexOf("GPU to GPU by copy kernel (launched"));
        assertTrue(kernelPart.contains("44.25"), kernelPart);
        assertFalse(kernelPart.substring(0, kernelPart.indexOf("both ways")).contains("48.50"),
                "driver figures stay in the driver's matrix");
        assertTrue(text.contains("? no copy kernel between two GPUs without peer access both ways"), text);
    }

    /** The kernel rows' sample is said once, under the matrices; a run without kernel rows does not mention it. */
    @Test
    void theKernelsSampleIsSaidOnceWhenThereAreKernelRows() {
        String text = PeerText.render(List.of(0, 1, 2), results(), SAMPLE);
        String line = "copy kernel: copy_bytes, one block of 512 threads per SM of the GPU that launches it\n"
                + "  a sample is 16 copies"
                + " from 64 MiB, 1 below, in one launch, from 64 MiB behind hold_stream and an untimed lead-in copy"
                + " (nvbandwidth's start), timed together and counted per copy\n";
        assertEquals(text.indexOf(line), text.lastIndexOf(line), text);
        assertTrue(text.indexOf(line) > text.lastIndexOf("GPU to GPU by copy kernel"), text);
        List<PeerResult> driverOnly = results().stream().filter(r -> r.copy() == CopyPath.DRIVER).toList();
        assertFalse(PeerText.render(List.of(0, 1, 2), driverOnly, SAMPLE).contains("copy kernel"));
    }

    @Test
    void namesAndRowsSayTheKernel() {
        List<String> names = PeerRow.runResults(RowScope.of("p2p", "bandwidth", Map.of()), results()).metrics().stream().map(Metric::name).toList();
        assertTrue(names.contains("p2p.kernel.0-1.16MiB") && names.contains("p2p-bidir.kernel.1-0.16MiB"), names.toString());
        assertTrue(names.contains("p2p.0-1.16MiB"), names.toString());
        assertEquals(names.size(), names.stream().distinct().count());
        List<PeerRow> rows = PeerRow.rows(results());
        assertEquals(Optional.of("kernel"), rows.get(1).copy());
        assertEquals(Optional.empty(), rows.getFirst().copy());
        assertFalse(Json.write(rows.getFirst()).contains("\"copy\""), Json.write(rows.getFirst()));
    }

    @Test
    void theKernelsNamesAreDeclaredOnlyWhenAskedFor() {
        BandwidthPlan kernel = new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.P2P), 20, 5, CopyTimer.EVENTS, List.of(CopyPath.DRIVER, CopyPath.KERNEL),
                BandwidthPlan.DEFAULT_STAGING);
        List<String> declared = new PeerPlan(kernel, List.of(0, 1)).declarations().stream().map(MetricDeclaration::name).toList();
        assertEquals(List.of("p2p.0-1.16MiB", "p2p-bidir.0-1.16MiB", "p2p.kernel.0-1.16MiB", "p2p-bidir.kernel.0-1.16MiB",
                "p2p.1-0.16MiB", "p2p-bidir.1-0.16MiB", "p2p.kernel.1-0.16MiB", "p2p-bidir.kernel.1-0.16MiB"), declared);
        assertEquals(8, PeerBenchmark.configurations(kernel, 2));
        BandwidthPlan driver = new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.P2P), 20, 5, CopyTimer.EVENTS);
        assertEquals(4, new PeerPlan(driver, List.of(0, 1)).declarations().size());
    }
}
