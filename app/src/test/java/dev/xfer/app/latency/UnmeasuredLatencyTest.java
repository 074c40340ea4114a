package dev.xfer.app.latency;

import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.UnmeasuredResults;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.stats.Summarized;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A chase whose timer gave NaN: a failed result with its reason in every output, never a figure, never exit 70. */
class UnmeasuredLatencyTest {
    private static final String REASON = "sample 2 of 5 was NaN ns: the timer gave no time";

    /** The rendering test's results, with the device's 4 KiB chases timed as NaN. */
    private static LatencyResults report() {
        LatencyResults r = LatencyRenderingTest.report(false);
        List<LatencyResult> results = new ArrayList<>();
        for (LatencyResult one : r.run().results()) {
            boolean nan = one.target() == LatencyTarget.DEVICE && one.bytes() == 4096;
            results.add(nan ? new LatencyResult(one.target(), one.bytes(), one.accesses(),
                    Summarized.of(new double[] {38.5, Double.NaN, 38.25, 39.0, 38.6}, "ns"), Optional.empty()) : one);
        }
        return new LatencyResults(r.context(), r.plan(), new LatencyRun(results, r.run().waived()));
    }

    @Test
    void theRunFailsWithTheReasonInJUnitAndExpect() {
        UnmeasuredResults.assertFailedWith(report().runResults(), "latency.device.4KiB", REASON,
                report().plan().declarations(List.of()));
    }

    @Test
    void theTextHasNoRowForItAndAFailedLine() {
        String text = LatencyText.render(report());
        assertTrue(text.contains("FAILED: device 4096 B: not measured: " + REASON + "\n"), text);
        assertTrue(text.lines().noneMatch(l -> l.startsWith("device") && l.contains(" 4096 ")), text);
    }

    @Test
    void theDocumentKeepsItAsAFailureThatNoGatePasses(@TempDir Path dir) {
        GpuDocument document = LatencyDocument.of(report(), List.of());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "latency with an unmeasured configuration");
        assertEquals(List.of(new UnmeasuredRow("device 4096 B", REASON)), document.failures());
        assertEquals(3, document.results().size(), "a row for each measured configuration only");
        assertEquals(document, LatencyDocument.parts().read(Json.write(document)), "it binds back");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }
}
