package dev.xfer.app.commands;


import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.run.DeviceResults;
import dev.xfer.app.run.EachDevice;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.overlap.OverlapText;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The output of a one-GPU command run on several GPUs, on two fixed overlap reports (devices 0
 * and 1): names apart per GPU, text one report after another, one CSV header, a devices document.
 */
class EachDeviceTest {
    private static EachDevice.Measured measured(MeasuringMixin m, int index) {
        OverlapResults report = ResultsFixtures.overlapReport(MultiDeviceFixtures.h200At(index, 0x06 + index, 0));
        return new EachDevice.Measured(report.context(), report.runResults(), new Rendering(
                () -> OverlapText.render(report), () -> ResultCsv.render(index, report.runResults()),
                () -> OverlapDocument.of(report)));
    }

    /** As EachDevice.run finishes once both GPUs are measured. */
    private static ParsedMeasuring.Finished finish(String... args) {
        ParsedMeasuring parsed = new ParsedMeasuring(args);
        MeasuringMixin m = parsed.measuring;
        List<EachDevice.Measured> both = List.of(measured(m, 0), measured(m, 1));
        var validated = m.validate(m.expectations(),
                EachDevice.suffixed(ResultsFixtures.overlapPlan().declarations(), List.of(0, 1)));
        List<DeviceResults> perDevice = both.stream()
                .map(x -> new DeviceResults(x.context(),
                        x.results().withNameSuffix(".gpu" + x.context().device().index())))
                .toList();
        int code = m.finish(perDevice, List.of(), validated, EachDevice.joined(both), Instant.now());
        return parsed.finished(code);
    }

    @Test
    void everyNameIsDeclaredOncePerGpuWithItsSuffix() {
        List<MetricDeclaration> one = ResultsFixtures.overlapPlan().declarations();
        List<String> names = EachDevice.suffixed(one, List.of(2, 0)).stream().map(MetricDeclaration::name).toList();
        assertEquals(2 * one.size(), names.size());
        assertEquals(one.getFirst().name() + ".gpu2", names.getFirst());
        assertEquals(one.getFirst().name() + ".gpu0", names.get(one.size()));
    }

    @Test
    void textIsEachGpusReportWithABlankLineBetween() {
        ParsedMeasuring.Finished f = finish();
        assertEquals(ExitCode.OK, f.exitCode());
        String[] reports = f.out().split("\n\n");
        assertEquals(2, reports.length, f.out());
        assertTrue(reports[0].startsWith("device 0: NVIDIA H200"), reports[0]);
        assertTrue(reports[1].startsWith("device 1: NVIDIA H200"), reports[1]);
    }

    @Test
    void csvHasOneHeaderAndTheDeviceColumnTellsTheRowsApart() {
        String out = finish("--csv").out();
        List<String> lines = out.lines().toList();
        assertEquals(1, lines.stream().filter(l -> l.startsWith("device,")).count(), out);
        var rows = dev.xfer.app.output.CsvRows.of(out).rows();
        int perDevice = rows.size() / 2;
        assertEquals(2 * perDevice, rows.size(), out);
        assertEquals(List.of("0", "1"), List.of(rows.get(0).get("device"), rows.get(perDevice).get("device")), out);
        assertEquals(rows.get(0).get("name") + ".gpu1", rows.get(perDevice).get("name").replace(".gpu1", "") + ".gpu1",
                out);
        assertEquals("sequential", rows.get(0).get("schedule"), out);
    }

    @Test
    void jsonIsADevicesDocumentWithEachGpusOwn() {
        ParsedMeasuring.Finished f = finish("--json", "--expect", "overlap.v1.speedup >= 2");
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(f.out());
        assertEquals(List.of("schemaVersion", "command", "parameters", "devices", "expectations"),
                List.copyOf(doc.keySet()));
        assertEquals("overlap", doc.get("command"));
        assertEquals(List.of(0L, 1L), ((Map<?, ?>) doc.get("parameters")).get("devices"));
        List<?> devices = (List<?>) doc.get("devices");
        assertEquals(2, devices.size());
        for (Object d : devices) {
            assertEquals("overlap", ((Map<?, ?>) d).get("command"));
            assertFalse(((Map<?, ?>) d).containsKey("expectations"));
        }
        assertEquals(2, ((List<?>) doc.get("expectations")).size(), "one per GPU");
    }

    @Test
    void anExpectationOnOneGpuSelectsOnlyThatGpusResult() {
        ParsedMeasuring.Finished f = finish("--expect", "overlap.v1.speedup.gpu1 >= 3");
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode());
        assertTrue(f.out().endsWith("FAIL overlap.v1.speedup.gpu1 >= 3 (measured 2.128)\n"), f.out());
    }
}
