package dev.xfer.app.bandwidth;

import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static dev.xfer.app.output.ResultsFixtures.summary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 1- and 3-byte copies, with the rates measured on the H200 (2026-11-23): text shows two
 * significant digits instead of 0.00, CSV and JSON the full double.
 */
class TinyCopyRenderingTest {
    private static BandwidthResults tiny() {
        BandwidthPlan plan = new BandwidthPlan(List.of(1L, 3L), List.of(dev.xfer.cuda.HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), 20, 5, CopyTimer.EVENTS);
        return new BandwidthResults(ResultsFixtures.context(), plan, List.of(
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), 1, summary(20, 2.2321427975245529E-4, 9.005763850173478E-5,
                        2.4606297931084424E-4, 2.17956432464382E-4, 3.090700782360458E-5),
                        summary(20, 4.48, 4.06, 11.1, 4.6, 0.5), OptionalDouble.of(3.542218794899803E-4), true),
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), 3, summary(20, 8.296460039346833E-4, 8.08189635034839E-4,
                        8.445945854814888E-4, 8.275718557020723E-4, 1.0314799428017585E-5),
                        summary(20, 3.616, 3.55, 3.71, 3.62, 0.03), OptionalDouble.of(0.001316576910540879), true)),
                List.of(), List.of());
    }

    @Test
    void textShowsTwoSignificantDigits() {
        String text = BandwidthText.render(tiny());
        List<String> one = List.of(ResultsFixtures.line(text, "pinned  h2d").strip().split("\\s+"));
        // memory, direction, node, bytes, median, min, max GB/s, median us, % link, data
        assertEquals(List.of("pinned", "h2d", "-", "1", "0.00022", "0.000090", "0.00025", "4.5", "0.00035", "ok"), one);
        assertTrue(text.contains(" 0.00083 "), text);
        assertTrue(!text.contains(" 0.00 "), "no rate reads as zero:\n" + text);
    }

    @Test
    void csvAndJsonKeepFullPrecision() {
        List<String> csv = ResultCsv.render(0, tiny().runResults(java.util.OptionalDouble.empty()))
                .lines().toList();
        assertTrue(csv.get(1).contains(",2.2321427975245529E-4,9.005763850173478E-5,"), csv.get(1));
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(Json.write(OneDeviceRun.document(tiny())));
        assertTrue(Json.write(doc).contains("2.2321427975245529E-4"), Json.write(doc));
    }
}
