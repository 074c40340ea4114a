package dev.xfer.app.commands;


import dev.xfer.app.bandwidth.command.BandwidthCommand;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.run.DeviceResults;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.several.MultiDevicePlan;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.bandwidth.several.MultiDeviceText;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The output stage of a bandwidth run over several GPUs, on the fixed two-GPU --concurrent
 * report: expectations over every GPU, the document on stdout, and a JUnit suite per GPU.
 */
class SeveralDevicesFinishTest {
    private static final OptionalDouble LINK = OptionalDouble.of(63.0);

    @TempDir
    Path dir;

    /** As BandwidthCommand.several() finishes, on the fixture report. */
    private static ParsedMeasuring.Finished finish(MultiDeviceResults report, String... args) {
        ParsedMeasuring parsed = new ParsedMeasuring(args);
        MeasuringMixin m = parsed.measuring;
        List<MultiDevicePlan.DeviceNames> names = report.indices().stream()
                .map(i -> new MultiDevicePlan.DeviceNames(i, true, List.of())).toList();
        ValidatedExpectations validated = m.validate(m.expectations(),
                new MultiDevicePlan(report.plan(), names, report.concurrent().isPresent()).declarations());
        List<DeviceResults> perDevice = new ArrayList<>();
        for (BandwidthResults r : report.devices()) {
            perDevice.add(new DeviceResults(r.context(), MultiDeviceResults.deviceRunResults(r, LINK)));
        }
        List<RunResults> across = new ArrayList<>();
        report.concurrentRunResults(List.of(LINK, LINK)).ifPresent(across::add);
        int code = m.finish(perDevice, across, validated, new Rendering(() -> MultiDeviceText.render(report),
                () -> "csv\n", () -> SeveralDevicesRun.document(report)), Instant.now());
        return parsed.finished(code);
    }

    @Test
    void everyGpuIsCheckedAndTheWrongDataExits1() {
        ParsedMeasuring.Finished f = finish(MultiDeviceFixtures.concurrentReport(), "--expect", "pinned.h2d >= 50GB/s");
        assertEquals(ExitCode.CHECK_FAILED, f.exitCode(), "device 1's concurrent d2h data was wrong");
        assertTrue(f.out().endsWith("PASS pinned.h2d.16MiB.gpu0 >= 50GB/s (measured 52.63GB/s)\n"
                + "PASS pinned.h2d.16MiB.gpu1 >= 50GB/s (measured 52.6GB/s)\n"), f.out());
    }

    @Test
    void jsonPutsTheExpectationsAtTheTop() {
        ParsedMeasuring.Finished f = finish(MultiDeviceFixtures.concurrentReport(), "--json", "--expect",
                "concurrent.pinned.h2d.16MiB.all >= 50GB/s");
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(f.out());
        assertEquals(List.of("schemaVersion", "command", "parameters", "devices", "concurrent", "failures",
                "expectations"), List.copyOf(doc.keySet()));
        assertEquals(1, ((List<?>) doc.get("expectations")).size());
        assertEquals("PASS concurrent.pinned.h2d.16MiB.all >= 50GB/s (measured 53.9GB/s)\n", f.err());
        for (Object device : (List<?>) doc.get("devices")) {
            assertTrue(!((Map<?, ?>) device).containsKey("expectations"), "expectations once, at the top");
        }
    }

    @Test
    void junitHasASuitePerGpuThenTheConcurrentOneThenTheExpectations() throws Exception {
        Path xml = dir.resolve("junit.xml");
        finish(MultiDeviceFixtures.concurrentReport(), "--junit", xml.toString(), "--expect", "pinned.d2h >= 1GB/s");
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Element root = factory.newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
        var suites = root.getElementsByTagName("testsuite");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < suites.getLength(); i++) {
            names.add(((Element) suites.item(i)).getAttribute("name"));
        }
        assertEquals(List.of("xfer bandwidth (device 0: NVIDIA H200)", "xfer bandwidth (device 1: NVIDIA H200)",
                "xfer bandwidth-concurrent (devices 0, 1)", "xfer expectations (devices 0, 1)"), names);
        Element concurrent = (Element) suites.item(2);
        assertEquals("6", concurrent.getAttribute("tests"));
        assertEquals("2", concurrent.getAttribute("failures"));
        Element firstCase = (Element) ((Element) suites.item(1)).getElementsByTagName("testcase").item(0);
        assertEquals("pinned.h2d.16MiB.gpu1", firstCase.getAttribute("name"));
        assertEquals("xfer.bandwidth.device1", firstCase.getAttribute("classname"));
        assertEquals("2", ((Element) suites.item(3)).getAttribute("tests"));
    }
}
