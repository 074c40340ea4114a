package dev.xfer.app.bandwidth;


import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static dev.xfer.app.output.ResultsFixtures.MIB16;
import static dev.xfer.app.output.ResultsFixtures.line;
import static dev.xfer.app.output.ResultsFixtures.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bandwidth report as text, CSV and JSON, from fixed results. */
class BandwidthRenderingTest {
    private final BandwidthResults report = ResultsFixtures.bandwidthReport();

    private static BandwidthResults verifiedOnly() {
        BandwidthResults r = ResultsFixtures.bandwidthReport();
        return new BandwidthResults(r.context(), r.plan(),
                r.results().stream().filter(BandwidthResult::verified).toList(), List.of(), List.of());
    }

    // ---- text

    @Test
    void textStartsWithTheDeviceAndTheTransferLink() {
        String text = BandwidthText.render(report);
        assertEquals("device 0: NVIDIA H200, PCIe Gen5 x16 (63.0 GB/s per direction), CUDA runtime 13.0, driver 13.0",
                text.lines().findFirst().orElseThrow());
        assertEquals("timer events, 20 iterations after 5+ warm-up runs (200 ms at least), GB/s = 1e9 bytes/s",
                text.lines().skip(1).findFirst().orElseThrow());
    }

    @Test
    void textRowsHaveExactBytesAndTwoDecimalRates() {
        String text = BandwidthText.render(report);
        assertEquals(List.of("pageable", "h2d", "-", "16777216", "12.35", "10.00", "14.00", "1359.0", "19.6", "ok"),
                row(text, "pageable", "h2d"));
        assertEquals(List.of("device", "d2d", "-", "16777216", "1650.25", "1600.50", "1700.75", "10.2", "-", "ok"),
                row(text, "device", "d2d"), "no link percentage for a copy that stays on the device");
    }

    @Test
    void unverifiedRowsSayWrongAndTheFailureIsSpelledOut() {
        String text = BandwidthText.render(report);
        assertEquals(List.of("pinned", "h2d", "-", "16777216", "52.63", "50.99", "53.50", "318.7", "83.5", "WRONG"),
                row(text, "pinned", "h2d"));
        assertEquals("WRONG", row(text, "pinned", "d2h").getLast());
        assertEquals("WRONG DATA: pinned h2d+d2h 16777216 B: first wrong byte at offset 4097 (expected 0x3c, got 0xa5)",
                line(text, "WRONG DATA:"));
        assertEquals("note: a note for the reader", line(text, "note:"));
    }

    @Test
    void verifiedRunHasNoWrongAnywhere() {
        String text = BandwidthText.render(verifiedOnly());
        assertFalse(text.contains("WRONG"), text);
        assertFalse(text.contains("note:"), text);
        assertEquals("ok", row(text, "pageable", "d2h").getLast());
    }

    @Test
    void unknownLinkIsSaidSo() {
        BandwidthResults r = new BandwidthResults(ResultsFixtures.context(ResultsFixtures.withoutSysfs()),
                report.plan(), report.results(), List.of(), List.of());
        assertTrue(BandwidthText.render(r).startsWith(
                "device 1: NVIDIA H200, link unknown, CUDA runtime 13.0, driver 13.0\n"));
    }

    @Test
    void sizesAboveTwoGiBPrintExactly() {
        long size = (5L << 30) + 3;
        BandwidthResult big = new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), size, ResultsFixtures.summary(1, 55.0, 55.0, 55.0, 55.0, 0),
                ResultsFixtures.summary(1, 97612.9, 97612.9, 97612.9, 97612.9, 0), OptionalDouble.empty(), true);
        BandwidthResults r = new BandwidthResults(ResultsFixtures.context(), report.plan(), List.of(big), List.of(), List.of());
        assertEquals("5368709123", row(BandwidthText.render(r), "pinned", "h2d").get(3));
        assertTrue(ResultCsv.render(0, r.runResults(OptionalDouble.empty())).contains(",5368709123,"));
    }

    // ---- CSV

    @Test
    void csvHasOneRowPerResultRecordWithExactFigures() {
        CsvRows csv = CsvRows.of(ResultCsv.render(0, report.runResults(OptionalDouble.of(63.0))));
        assertEquals(ResultCsv.header(), csv.header());
        assertEquals(report.results().size(), csv.rows().size());
        Map<String, String> pinned = csv.named("pinned.h2d.16MiB");
        assertEquals(List.of("0", "bandwidth", "pinned", "driver", "h2d", "16777216", "GB/s", "20", "52.634", "50.987",
                "53.4999", "52.5", "0.625", "83.5", "false"), List.of(pinned.get("device"), pinned.get("command"),
                pinned.get("memory"), pinned.get("copy"), pinned.get("direction"), pinned.get("bytes"),
                pinned.get("unit"), pinned.get("n"), pinned.get("median"), pinned.get("min"), pinned.get("max"),
                pinned.get("mean"), pinned.get("stddev"), pinned.get("percent_of_link"), pinned.get("verified")));
        assertFalse(pinned.get("failure").isEmpty(), "a failed check says why");
        Map<String, String> d2d = csv.named("device.d2d.16MiB");
        assertEquals(List.of("1650.25", "", "true", ""), List.of(d2d.get("median"), d2d.get("percent_of_link"),
                d2d.get("verified"), d2d.get("failure")));
    }

    // ---- JSON

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsedDocument(BandwidthResults r) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(OneDeviceRun.document(r)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParametersNameKindsDirectionsAndExactSizes() {
        Map<String, Object> parameters = (Map<String, Object>) parsedDocument(report).get("parameters");
        assertEquals(List.of("sizes", "memories", "directions", "iterations", "warmup", "timer", "numaNode"),
                List.copyOf(parameters.keySet()));
        assertTrue(parameters.containsKey("numaNode"));
        assertNull(parameters.get("numaNode"), "--numa-node not given: null, not absent");
        assertEquals(List.of(MIB16), parameters.get("sizes"));
        assertEquals(List.of("pageable", "pinned"), parameters.get("memories"));
        assertEquals(List.of("h2d", "d2h", "d2d"), parameters.get("directions"));
        assertEquals(20L, parameters.get("iterations"));
        assertEquals(5L, parameters.get("warmup"));
        assertEquals("events", parameters.get("timer"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonResultsCarryRatesInGBpsAndTimesInMicroseconds() {
        List<Object> results = (List<Object>) parsedDocument(report).get("results");
        assertEquals(5, results.size());
        Map<String, Object> pinned = (Map<String, Object>) results.get(2);
        assertEquals(List.of("memory", "direction", "bytes", "gbps", "microseconds", "percentOfLink", "verified",
                "numaNode", "hostMemoryNodes"), List.copyOf(pinned.keySet()));
        assertNull(pinned.get("numaNode"), "not placed");
        assertEquals(Map.of("0", 64L), pinned.get("hostMemoryNodes"));
        assertEquals("pinned", pinned.get("memory"));
        assertEquals("h2d", pinned.get("direction"));
        assertEquals(MIB16, pinned.get("bytes"));
        assertEquals(Map.of("median", 52.634, "min", 50.987, "max", 53.4999, "mean", 52.5, "stddev", 0.625, "n", 20L),
                pinned.get("gbps"));
        assertEquals(318.74, ((Map<String, Object>) pinned.get("microseconds")).get("median"));
        assertEquals(83.53, pinned.get("percentOfLink"));
        assertEquals(false, pinned.get("verified"));

        Map<String, Object> d2d = (Map<String, Object>) results.get(4);
        assertTrue(d2d.containsKey("percentOfLink"));
        assertNull(d2d.get("hostMemoryNodes"), "d2d has no host buffer");
        assertNull(d2d.get("percentOfLink"), "d2d has no link percentage: null, not absent");
        assertEquals(true, d2d.get("verified"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonFailuresGiveBytesAsUnsignedNumbers() {
        List<Object> failures = (List<Object>) parsedDocument(report).get("failures");
        Map<String, Object> expected = new java.util.LinkedHashMap<>(Map.of("configuration", "pinned h2d+d2h 16777216 B",
                "offset", 4097L, "expected", 0x3cL, "actual", 0xa5L));
        expected.put("numaNode", null);
        assertEquals(List.of(expected), failures);
        assertEquals(List.of(), parsedDocument(verifiedOnly()).get("failures"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonEnvelopeNamesTheCommandSchemaAndContext() {
        Map<String, Object> doc = parsedDocument(report);
        assertEquals(List.of("schemaVersion", "command", "context", "parameters", "results", "failures"),
                List.copyOf(doc.keySet()));
        assertEquals((long) MeasuringMixin.SCHEMA_VERSION, doc.get("schemaVersion"));
        assertEquals("bandwidth", doc.get("command"));
        Map<String, Object> context = (Map<String, Object>) doc.get("context");
        assertEquals("2025-06-01T12:34:56Z", context.get("started"));
        assertEquals("gpu-host-1", context.get("host"));
        assertEquals("13.0", context.get("runtimeVersion"));
        Map<String, Object> device = (Map<String, Object>) context.get("device");
        assertEquals("NVIDIA H200", device.get("name"));
        assertEquals(63.015384615384615, (double) device.get("linkTheoreticalGBps"), 1e-9);
    }
}
