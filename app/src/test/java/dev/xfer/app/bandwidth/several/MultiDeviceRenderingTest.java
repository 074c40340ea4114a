package dev.xfer.app.bandwidth.several;

import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.BandwidthText;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.RunResults;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.xfer.app.output.ResultsFixtures.line;
import static dev.xfer.app.output.ResultsFixtures.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bandwidth run over several GPUs as text, CSV and result names, from fixed records. */
class MultiDeviceRenderingTest {
    private static final OptionalDouble LINK = OptionalDouble.of(63.0);
    private final MultiDeviceResults concurrent = MultiDeviceFixtures.concurrentReport();
    private final MultiDeviceResults peers = MultiDeviceFixtures.peerReport();

    // ---- text: one report per device

    @Test
    void eachDeviceGetsItsOwnReportWithItsOwnHeadline() {
        String text = MultiDeviceText.render(concurrent);
        List<String> headlines = text.lines().filter(l -> l.startsWith("device ")).toList();
        assertEquals(List.of(
                "device 0: NVIDIA H200, PCIe Gen5 x16 (63.0 GB/s per direction), CUDA runtime 13.0, driver 13.0",
                "device 1: NVIDIA H200, PCIe Gen5 x16 (63.0 GB/s per direction), CUDA runtime 13.0, driver 13.0"),
                headlines);
        // device 1's report is exactly what a run on device 1 alone prints, after a blank line
        String device1 = BandwidthText.render(concurrent.devices().get(1));
        assertTrue(text.contains("\n\n" + device1), text);
        assertTrue(text.startsWith(BandwidthText.render(concurrent.devices().getFirst()) + "\n"), text);
    }

    // ---- text: all at once

    @Test
    void concurrentRowsPerGpuAndAllNextToWhatEachReachedAlone() {
        String text = MultiDeviceText.render(concurrent);
        assertEquals("all 2 GPUs at once (devices 0, 1): pinned memory, each iteration started together on every GPU",
                line(text, "all 2 GPUs"));
        assertEquals(List.of("h2d", "16777216", "0", "27.10", "26.60", "27.35", "43.0", "52.63", "51.5", "ok"),
                row(text, "h2d", "16777216", "0"));
        assertEquals(List.of("h2d", "16777216", "all", "53.90", "53.40", "54.15", "-", "105.23", "51.2", "ok"),
                row(text, "h2d", "16777216", "all"), "aggregate against the sum alone: 53.90 / 105.23");
        assertEquals(List.of("d2h", "16777216", "1", "29.50", "29.00", "29.75", "46.8", "53.40", "55.2", "WRONG"),
                row(text, "d2h", "16777216", "1"));
        assertEquals("WRONG", row(text, "d2h", "16777216", "all").getLast(), "one GPU wrong makes the whole row wrong");
        assertEquals("WRONG DATA: concurrent pinned h2d+d2h 16777216 B on device 1: first wrong byte at offset 8"
                + " (expected 0x3c, got 0xa5)", line(text, "WRONG DATA:"));
    }

    @Test
    void withoutAnAloneFigureTheComparisonIsADash() {
        ConcurrentResult c = concurrent.concurrent().orElseThrow().getFirst().withAlone(OptionalDouble.empty());
        MultiDeviceResults bare = new MultiDeviceResults(concurrent.plan(),
                concurrent.devices().stream().map(d -> new BandwidthResults(d.context(), d.plan(), List.of(),
                        List.of(), List.of())).toList(),
                java.util.Optional.of(List.of(c)), java.util.Optional.empty(), List.of());
        String text = MultiDeviceText.render(bare);
        assertEquals(List.of("h2d", "16777216", "all", "53.90", "53.40", "54.15", "-", "-", "-", "ok"),
                row(text, "h2d", "16777216", "all"));
        assertEquals(List.of("-", "-", "ok"), row(text, "h2d", "16777216", "0").subList(7, 10));
    }

    // ---- text: the p2p matrix

    @Test
    void p2pAloneListsTheDevicesThenTheMatrices() {
        String text = MultiDeviceText.render(peers);
        List<String> lines = text.lines().toList();
        assertTrue(lines.get(0).startsWith("device 0: NVIDIA H200"), text);
        assertTrue(lines.get(1).startsWith("device 1: NVIDIA H200"), text);
        assertTrue(lines.get(2).startsWith("device 2: NVIDIA H200"), text);
        assertEquals("", lines.get(3));
        assertEquals("GPU to GPU (cudaMemcpyPeerAsync), 16777216 B, one way: median GB/s, rows: source, columns:"
                + " destination", lines.get(4));
        assertFalse(text.contains("memory  direction"), "no empty per-device tables: " + text);
    }

    @Test
    void matrixRowsAreSourcesWithADashOnTheDiagonalAndMarks() {
        String text = MultiDeviceText.render(peers);
        String oneWay = text.substring(text.indexOf("one way"), text.indexOf("both ways"));
        assertEquals(List.of("src\\dst", "0", "1", "2"), row(oneWay, "src\\dst"));
        assertEquals(List.of("0", "-", "390.12", "20.50*"), row(oneWay, "0"));
        assertEquals(List.of("1", "389.80", "-", "20.40*"), row(oneWay, "1"));
        assertEquals(List.of("2", "21.00*", "20.90*!", "-"), row(oneWay, "2"));
        String bothWays = text.substring(text.indexOf("both ways"));
        assertEquals(List.of("0", "-", "750.50", "38.25*"), row(bothWays, "0"));
        assertEquals(List.of("2", "38.50*", "38.40*", "-"), row(bothWays, "2"), "2<->1 both ways was verified");
        assertEquals("* no peer access between the two GPUs (cudaDeviceCanAccessPeer): the copy goes through host"
                + " memory", line(text, "*"));
        assertEquals("! data came back wrong (see WRONG DATA below)", line(text, "!"));
        assertEquals("WRONG DATA: p2p 2->1 16777216 B: first wrong byte at offset 4097 (expected 0x3c, got 0xa5)",
                line(text, "WRONG DATA:"));
    }

    @Test
    void figuresLineUpWhateverTheMarks() {
        String text = MultiDeviceText.render(peers);
        String oneWay = text.substring(text.indexOf("one way"), text.indexOf("both ways"));
        // the decimal points of a column sit one above the other
        List<String> rows = oneWay.lines().skip(3).limit(3).toList();
        int column1 = rows.get(1).indexOf("389.80") + 3;
        assertEquals('.', rows.get(2).charAt(column1), rows.toString());
    }

    @Test
    void withPeerAccessEverywhereThereIsNoLegend() {
        List<PeerResult> all = List.of(
                new PeerResult(0, 1, 4096, true, dev.xfer.app.output.ResultsFixtures.summary(1, 9, 9, 9, 9, 0),
                        dev.xfer.app.output.ResultsFixtures.summary(1, 17, 17, 17, 17, 0), true, true),
                new PeerResult(1, 0, 4096, true, dev.xfer.app.output.ResultsFixtures.summary(1, 8, 8, 8, 8, 0),
                        dev.xfer.app.output.ResultsFixtures.summary(1, 16, 16, 16, 16, 0), true, true));
        MultiDeviceResults two = new MultiDeviceResults(peers.plan(), peers.devices().subList(0, 2),
                java.util.Optional.empty(), java.util.Optional.of(all), List.of());
        String text = MultiDeviceText.render(two);
        assertFalse(text.contains("*"), text);
        assertFalse(text.contains("!"), text);
        assertEquals(List.of("0", "-", "9.00"), row(text.substring(text.indexOf("one way")), "0"));
    }

    // ---- CSV: every device's rows under one header

    @Test
    void csvHasOneHeaderAndEachDevicesRows() {
        String csv = SeveralDevicesRun.csv(concurrent.devices().stream().map(r -> new dev.xfer.app.run.DeviceResults(
                r.context(), MultiDeviceResults.deviceRunResults(r, OptionalDouble.empty()))).toList());
        CsvRows rows = CsvRows.of(csv);
        assertEquals(ResultCsv.header(), rows.header(), csv);
        assertEquals(List.of("0", "0", "1", "1"), rows.rows().stream().map(r -> r.get("device")).toList());
        assertTrue(rows.rows().get(0).get("name").endsWith(".gpu0"), csv);
        assertTrue(rows.rows().get(3).get("name").endsWith(".gpu1"), csv);
    }

    // ---- result names

    @Test
    void eachDevicesNamesEndInItsIndex() {
        RunResults r = MultiDeviceResults.deviceRunResults(concurrent.devices().get(1), LINK);
        assertEquals(List.of("pinned.h2d.16MiB.gpu1", "pinned.d2h.16MiB.gpu1"),
                r.metrics().stream().map(Metric::name).toList());
        assertEquals(List.of("pinned.h2d.16MiB.gpu1", "pinned.d2h.16MiB.gpu1"),
                r.configurations().stream().map(c -> c.name()).toList());
        assertEquals(52.60, r.metrics().getFirst().value());
        assertEquals(LINK, r.metrics().getFirst().linkGBps());
    }

    @Test
    void concurrentNamesPerGpuAndAll() {
        RunResults r = concurrent.concurrentRunResults(List.of(LINK, LINK)).orElseThrow();
        assertEquals(List.of("concurrent.pinned.h2d.16MiB.gpu0", "concurrent.pinned.h2d.16MiB.gpu1",
                        "concurrent.pinned.h2d.16MiB.all", "concurrent.pinned.d2h.16MiB.gpu0",
                        "concurrent.pinned.d2h.16MiB.gpu1", "concurrent.pinned.d2h.16MiB.all"),
                r.metrics().stream().map(Metric::name).toList());
        Metric all = r.metrics().get(2);
        assertEquals(53.90, all.value());
        assertTrue(all.linkGBps().isEmpty(), "the aggregate spans several links: no %link");
        assertEquals(LINK, r.metrics().getFirst().linkGBps());
        assertFalse(r.allPassed(), "device 1's d2h data was wrong");
        assertEquals(List.of("concurrent.pinned.d2h.16MiB.gpu1", "concurrent.pinned.d2h.16MiB.all"),
                r.configurations().stream().filter(c -> !c.passed()).map(c -> c.name()).toList());
    }

    @Test
    void peerNamesOneWayAndBothWays() {
        RunResults r = peers.peerRunResults().orElseThrow();
        assertEquals(12, r.metrics().size());
        assertEquals(List.of("p2p.0-1.16MiB", "p2p-bidir.0-1.16MiB"),
                r.metrics().stream().limit(2).map(Metric::name).toList());
        assertEquals(390.12, r.metrics().getFirst().value());
        assertEquals(750.5, r.metrics().get(1).value());
        assertEquals(List.of("p2p.2-1.16MiB"),
                r.configurations().stream().filter(c -> !c.passed()).map(c -> c.name()).toList());
    }

    @Test
    void whatIsDeclaredIsWhatIsProduced() {
        List<MultiDevicePlan.DeviceNames> two = List.of(new MultiDevicePlan.DeviceNames(0, true, List.of()),
                new MultiDevicePlan.DeviceNames(1, true, List.of()));
        Set<String> declared = names(new MultiDevicePlan(concurrent.plan(), two, true).declarations());
        Set<String> produced = new java.util.LinkedHashSet<>();
        concurrent.devices().forEach(d -> MultiDeviceResults.deviceRunResults(d, LINK).metrics().forEach(m -> produced.add(m.name())));
        concurrent.concurrentRunResults(List.of(LINK, LINK)).orElseThrow().metrics()
                .forEach(m -> produced.add(m.name()));
        assertEquals(declared, produced);

        List<MultiDevicePlan.DeviceNames> three = List.of(new MultiDevicePlan.DeviceNames(0, true, List.of()),
                new MultiDevicePlan.DeviceNames(1, true, List.of()),
                new MultiDevicePlan.DeviceNames(2, false, List.of()));
        assertEquals(names(new MultiDevicePlan(peers.plan(), three, false).declarations()),
                peers.peerRunResults().orElseThrow().metrics().stream().map(Metric::name)
                        .collect(Collectors.toSet()), "p2p alone: only the pairs");
    }

    @Test
    void numaNamesKeepTheirNodeBeforeTheGpu() {
        BandwidthPlan plan = new BandwidthPlan(List.of(16L << 20), List.of(dev.xfer.cuda.HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), 20, 5, CopyTimer.EVENTS);
        List<MultiDevicePlan.DeviceNames> devices = List.of(new MultiDevicePlan.DeviceNames(0, true, List.of(0, 1)),
                new MultiDevicePlan.DeviceNames(3, false, List.of(0, 1)));
        assertEquals(List.of("pinned.h2d.16MiB.node0.gpu0", "pinned.h2d.16MiB.node1.gpu0",
                        "pinned.h2d.16MiB.node0.gpu3", "pinned.h2d.16MiB.node1.gpu3"),
                new MultiDevicePlan(plan, devices, false).declarations().stream().map(MetricDeclaration::name).toList());
        assertEquals(List.of(true, true, false, false),
                new MultiDevicePlan(plan, devices, false).declarations().stream().map(MetricDeclaration::hasLink).toList());
    }

    /** The expectation a one-GPU user wrote checks every GPU's result when several are measured. */
    @Test
    void aOneDeviceExpectationChecksEveryGpu() {
        List<MultiDevicePlan.DeviceNames> two = List.of(new MultiDevicePlan.DeviceNames(0, true, List.of()),
                new MultiDevicePlan.DeviceNames(1, true, List.of()));
        ValidatedExpectations v = ExpectationSet.parse(List.of("pinned.h2d.16MiB >= 52.62GB/s", "concurrent.pinned.h2d"
                + ".16MiB.all >= 100GB/s")).validate(new MultiDevicePlan(concurrent.plan(), two, true).declarations());
        List<Metric> metrics = new java.util.ArrayList<>();
        concurrent.devices().forEach(d -> metrics.addAll(MultiDeviceResults.deviceRunResults(d, LINK).metrics()));
        metrics.addAll(concurrent.concurrentRunResults(List.of(LINK, LINK)).orElseThrow().metrics());
        List<ExpectationOutcome> outcomes = v.evaluate(metrics);
        assertEquals(List.of("PASS pinned.h2d.16MiB.gpu0 >= 52.62GB/s (measured 52.63GB/s)",
                        "FAIL pinned.h2d.16MiB.gpu1 >= 52.62GB/s (measured 52.6GB/s)",
                        "FAIL concurrent.pinned.h2d.16MiB.all >= 100GB/s (measured 53.9GB/s)"),
                outcomes.stream().map(ExpectationOutcome::line).toList());
    }

    private static Set<String> names(List<MetricDeclaration> declarations) {
        return declarations.stream().map(MetricDeclaration::name).collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }
}
