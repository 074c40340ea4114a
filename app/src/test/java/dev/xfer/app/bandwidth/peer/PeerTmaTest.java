package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.TmaSupport;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.bandwidth.several.MultiDeviceText;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.fleet.GpuRun;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GPU to GPU by the TMA copy ({@code --copy tma --direction p2p}) on fake device sets: the pairs
 * are planned, counted and named beside the driver's and the copy kernel's; a pair with a GPU below
 * compute capability 9.0 has its TMA rows waived (across the GPUs, with the reason of the GPU that
 * lacks it); and a result's rows reach the text, the document, --expect's names, JUnit and
 * OpenMetrics as the other peer paths' do.
 */
class PeerTmaTest {
    private static final long MIB16 = 16L << 20;
    private static final List<Integer> TWO = List.of(0, 1);
    private static final List<Integer> THREE = List.of(0, 1, 2);

    private static BandwidthPlan plan(List<CopyPath> copies, List<Initiation> forms) {
        return new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), 20, 5,
                CopyTimer.EVENTS, copies, BandwidthPlan.DEFAULT_STAGING).withPeerInitiations(forms);
    }

    /** Why a GPU cannot run the TMA copy, from its compute capability, as a run asks each GPU. */
    private static PeerAbsences tmaOn(Map<Integer, TmaSupport> gpus) {
        Map<Integer, String> why = new java.util.TreeMap<>();
        gpus.forEach((index, cc) -> cc.absentBecause(index).ifPresent(w -> why.put(index, w)));
        return new PeerAbsences(Map.of(CopyPath.TMA, why));
    }

    @Test
    void theTmaIsAPeerPathAfterTheDriverInCopysOrder() {
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.TMA),
                PeerBenchmark.paths(plan(List.of(CopyPath.TMA), List.of(Initiation.WRITE))));
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.TMA, CopyPath.KERNEL),
                PeerBenchmark.paths(plan(List.of(CopyPath.TMA, CopyPath.KERNEL, CopyPath.DRIVER), List.of(Initiation.WRITE))));
        // staged and batch-api copy no bytes between GPUs: the driver's rows alone, as before.
        assertEquals(List.of(CopyPath.DRIVER), PeerBenchmark.paths(new BandwidthPlan(List.of(MIB16),
                List.of(HostMemoryKind.PAGEABLE), List.of(CopyDirection.H2D, CopyDirection.P2P), 20, 5,
                CopyTimer.EVENTS, List.of(CopyPath.STAGED), BandwidthPlan.DEFAULT_STAGING)));
    }

    /** Per size, form, path and ordered pair, one way and both ways: the TMA's pairs count as the kernel's do. */
    @Test
    void theTmaPairsAreCountedAndDeclared() {
        BandwidthPlan tma = plan(List.of(CopyPath.DRIVER, CopyPath.TMA), List.of(Initiation.WRITE, Initiation.READ));
        assertEquals(2 * 2 * 2 * 2, PeerBenchmark.configurations(tma, 2));
        assertEquals(2 * 6 * 2 * 2, PeerBenchmark.configurations(tma, 3));
        BandwidthPlan all = plan(List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA), List.of(Initiation.WRITE));
        assertEquals(3 * 2 * 2, PeerBenchmark.configurations(all, 2));
        List<String> declared = new PeerPlan(tma, TWO).declarations().stream().map(MetricDeclaration::name).toList();
        assertEquals(List.of("p2p.0-1.16MiB", "p2p-bidir.0-1.16MiB", "p2p.tma.0-1.16MiB", "p2p-bidir.tma.0-1.16MiB",
                "p2p.1-0.16MiB", "p2p-bidir.1-0.16MiB", "p2p.tma.1-0.16MiB", "p2p-bidir.tma.1-0.16MiB",
                "p2p-read.0-1.16MiB", "p2p-bidir-read.0-1.16MiB", "p2p-read.tma.0-1.16MiB",
                "p2p-bidir-read.tma.0-1.16MiB", "p2p-read.1-0.16MiB", "p2p-bidir-read.1-0.16MiB",
                "p2p-read.tma.1-0.16MiB", "p2p-bidir-read.tma.1-0.16MiB"), declared);
    }

    /** --device all finding one GPU waives the TMA's p2p configurations with the driver's, named by path and form. */
    @Test
    void oneGpuFoundWaivesTheTmaPairsToo() {
        String why = "GPU to GPU needs two GPUs; --device all found one (GPU 0)";
        List<Waiver> waived = PeerPlan.waived(plan(List.of(CopyPath.TMA), List.of(Initiation.WRITE, Initiation.READ)), why);
        assertEquals(List.of(new Waiver("p2p 16777216 B", why), new Waiver("p2p-bidir 16777216 B", why),
                new Waiver("p2p tma 16777216 B", why), new Waiver("p2p-bidir tma 16777216 B", why),
                new Waiver("p2p-read 16777216 B", why), new Waiver("p2p-bidir-read 16777216 B", why),
                new Waiver("p2p-read tma 16777216 B", why), new Waiver("p2p-bidir-read tma 16777216 B", why)), waived);
    }

    /**
     * GPUs 0 and 1 at 9.0, GPU 2 at 8.0: every pair with GPU 2 has no TMA rows, in either form or
     * way, each waived with GPU 2's reason, in the order the rows would be measured; 0 and 1 keep
     * theirs, and the driver and the copy kernel lose nothing.
     */
    /**
     * GPUs 0 and 2 without peer access both ways: the copy kernel's and the TMA's rows of that pair,
     * either way round and in each form, are waived with why; the driver's (through host memory) and
     * every other pair's are kept. A GPU's own reason comes first where it has one.
     */
    @Test
    void aPairWithoutPeerAccessHasItsGridRowsWaived() {
        PeerAbsences absent = new PeerAbsences(Map.of(), java.util.Set.of(java.util.Set.of(2, 0)));
        String why = "GPUs 0 and 2 have no peer access both ways (cudaDeviceCanAccessPeer), so a kernel on one cannot"
                + " reach the other's memory; the driver's copy goes through host memory";
        assertEquals(Optional.of(why), absent.between(CopyPath.KERNEL, 0, 2));
        assertEquals(Optional.of(why), absent.between(CopyPath.TMA, 2, 0));
        assertEquals(Optional.empty(), absent.between(CopyPath.DRIVER, 0, 2));
        assertEquals(Optional.empty(), absent.between(CopyPath.KERNEL, 0, 1));
        String noTma = "TMA bulk copies (cp.async.bulk) need compute capability 9.0, GPU 2 has 8.0";
        PeerAbsences both = new PeerAbsences(Map.of(CopyPath.TMA, Map.of(2, noTma)), java.util.Set.of(java.util.Set.of(0, 2)));
        assertEquals(Optional.of(noTma), both.between(CopyPath.TMA, 0, 2));

        BandwidthPlan plan = plan(List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA), List.of(Initiation.WRITE));
        List<Waiver> waived = new PeerPlan(plan, THREE).waivedPairs(absent);
        assertEquals(List.of("p2p kernel 0->2 16777216 B", "p2p-bidir kernel 0<->2 16777216 B", "p2p tma 0->2 16777216 B",
                "p2p-bidir tma 0<->2 16777216 B", "p2p kernel 2->0 16777216 B", "p2p-bidir kernel 2<->0 16777216 B",
                "p2p tma 2->0 16777216 B", "p2p-bidir tma 2<->0 16777216 B"),
                waived.stream().map(Waiver::configuration).toList());
        assertTrue(waived.stream().allMatch(w -> w.reason().equals(why)), waived.toString());
    }

    @Test
    void aPairWithAGpuBelowNineHasItsTmaRowsWaived() {
        PeerAbsences absent = tmaOn(Map.of(0, new TmaSupport(9, 0), 1, new TmaSupport(9, 0), 2, new TmaSupport(8, 0)));
        String why = "TMA bulk copies (cp.async.bulk) need compute capability 9.0, GPU 2 has 8.0";
        assertEquals(Optional.of(why), absent.between(CopyPath.TMA, 0, 2));
        assertEquals(Optional.of(why), absent.between(CopyPath.TMA, 2, 1));
        assertEquals(Optional.empty(), absent.between(CopyPath.TMA, 0, 1));
        assertEquals(Optional.empty(), absent.between(CopyPath.KERNEL, 0, 2));
        assertEquals(Optional.empty(), absent.between(CopyPath.DRIVER, 2, 0));

        BandwidthPlan plan = plan(List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA),
                List.of(Initiation.WRITE, Initiation.READ));
        List<Waiver> waived = new PeerPlan(plan, THREE).waivedPairs(absent);
        assertEquals(List.of(new Waiver("p2p tma 0->2 16777216 B", why), new Waiver("p2p-bidir tma 0<->2 16777216 B", why)),
                waived.subList(0, 2));
        assertEquals(List.of("p2p tma 0->2 16777216 B", "p2p-bidir tma 0<->2 16777216 B", "p2p tma 1->2 16777216 B",
                "p2p-bidir tma 1<->2 16777216 B", "p2p tma 2->0 16777216 B", "p2p-bidir tma 2<->0 16777216 B",
                "p2p tma 2->1 16777216 B", "p2p-bidir tma 2<->1 16777216 B", "p2p-read tma 0->2 16777216 B",
                "p2p-bidir-read tma 0<->2 16777216 B", "p2p-read tma 1->2 16777216 B",
                "p2p-bidir-read tma 1<->2 16777216 B", "p2p-read tma 2->0 16777216 B",
                "p2p-bidir-read tma 2<->0 16777216 B", "p2p-read tma 2->1 16777216 B",
                "p2p-bidir-read tma 2<->1 16777216 B"), waived.stream().map(Waiver::configuration).toList());
        // 4 pairs with GPU 2, 2 forms, one way and both ways; none of the driver's or the kernel's.
        assertEquals(4 * 2 * 2, waived.size());
        assertTrue(waived.stream().allMatch(w -> w.reason().equals(why)), waived.toString());
        // The names are the rows' own: a waived configuration is one a measured row would have been.
        PeerResult row = MultiDeviceFixtures.peerTmaReport().peers().orElseThrow().stream()
                .filter(r -> r.copy() == CopyPath.TMA).findFirst().orElseThrow();
        assertEquals("p2p tma 0->1 134217728 B", row.configuration());
    }

    /** Both GPUs below 9.0: the source's reason, said once per pair; a plan without tma waives nothing. */
    @Test
    void theSourcesReasonComesFirstAndOnlyTheTmaIsAsked() {
        PeerAbsences absent = tmaOn(Map.of(0, new TmaSupport(8, 6), 1, new TmaSupport(7, 5)));
        assertEquals(Optional.of("TMA bulk copies (cp.async.bulk) need compute capability 9.0, GPU 1 has 7.5"),
                absent.between(CopyPath.TMA, 1, 0));
        assertEquals(List.of(), new PeerPlan(plan(List.of(CopyPath.DRIVER, CopyPath.KERNEL),
                List.of(Initiation.WRITE)), TWO).waivedPairs(absent));
        assertEquals(List.of(), new PeerPlan(plan(List.of(CopyPath.TMA), List.of(Initiation.WRITE)), TWO)
                .waivedPairs(PeerAbsences.NONE));
        assertEquals(List.of("p2p tma 0->1 16777216 B", "p2p-bidir tma 0<->1 16777216 B", "p2p tma 1->0 16777216 B",
                "p2p-bidir tma 1<->0 16777216 B"), new PeerPlan(plan(List.of(CopyPath.TMA), List.of(Initiation.WRITE)),
                TWO).waivedPairs(absent).stream().map(Waiver::configuration).toList());
    }

    @Test
    void aRowSaysTmaAndNoOtherPathBesideTheKernel() {
        List<PeerRow> rows = PeerRow.rows(MultiDeviceFixtures.peerTmaReport().peers().orElseThrow());
        assertEquals(Optional.of("tma"), rows.get(1).copy());
        assertEquals(Optional.empty(), rows.getFirst().copy());
        PeerRow tma = rows.get(1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PeerRow(0, 1, MIB16, true,
                tma.gbps(), tma.bidirGbps(), tma.verified(), tma.bidirVerified(), Optional.of("staged"), Optional.empty()));
        assertTrue(e.getMessage().contains("staged"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PeerResult(0, 1, MIB16, true,
                rows.get(1).gbps().orElseThrow(), rows.get(1).bidirGbps().orElseThrow(), true, true, CopyPath.BATCH_API));
    }

    // ---- a result's rows in every format: MultiDeviceFixtures.peerTmaReport()

    private final MultiDeviceResults report = MultiDeviceFixtures.peerTmaReport();

    @Test
    void theTextIsItsGoldenFile() throws IOException {
        String text = MultiDeviceText.render(report);
        GoldenFile.assertMatches("bandwidth-devices-p2p-tma.txt", text,
                "the p2p text with --copy tma changed: if on purpose, rewrite it (-Dxfer.updateGolden=true)");
        assertTrue(text.contains("GPU to GPU by TMA copy (launched on the source, writing into the destination),"
                + " 134217728 B, one way: median GB/s"), text);
        assertTrue(text.contains("GPU to GPU by TMA copy, read (launched on the destination, reading the source),"
                + " 134217728 B, one way"), text);
        assertTrue(text.contains("GPU to GPU by TMA copy, read, 134217728 B, both ways at once (a kernel on each,"
                + " reading)"), text);
        assertTrue(text.contains("\nTMA copy: tma_copy, one block of 32 threads (one issues the bulk copies) per SM of"
                + " the GPU that launches it\n  a sample is "), text);
        assertTrue(text.contains("\n? no TMA copy between two GPUs without peer access both ways, or with one below"
                + " compute capability 9.0 (waived)\n"), text);
        assertTrue(text.contains("\nwaived: TMA bulk copies (cp.async.bulk) need compute capability 9.0, GPU 2 has 8.0:"
                + " p2p tma 0->2 134217728 B, "), text);
        assertFalse(text.contains("copy kernel"), "no kernel rows, no kernel words: " + text);
    }

    /** The TMA's matrices hold its figures alone, after the driver's of the same form; the A100's cells are "?". */
    @Test
    void theTmaHasItsOwnMatricesAfterTheDriversOfEachForm() {
        String text = PeerText.render(report.indices(), report.peers().orElseThrow(), "a sample");
        int driverWrite = text.indexOf("GPU to GPU (cudaMemcpyPeerAsync)");
        int tmaWrite = text.indexOf("GPU to GPU by TMA copy (launched on the source");
        int driverRead = text.indexOf("GPU to GPU, read (cudaMemcpyPeerAsync issued by the destination)");
        int tmaRead = text.indexOf("GPU to GPU by TMA copy, read (launched on the destination");
        assertTrue(0 <= driverWrite && driverWrite < tmaWrite && tmaWrite < driverRead && driverRead < tmaRead, text);
        String tmaOneWay = text.substring(tmaWrite, text.indexOf("GPU to GPU by TMA copy, 134217728 B, both ways"));
        assertTrue(tmaOneWay.contains("361.50") && !tmaOneWay.contains("383.25"), tmaOneWay);
        assertEquals(4, tmaOneWay.lines().filter(l -> l.trim().endsWith("?") || l.contains(" ? ")).mapToLong(
                l -> l.chars().filter(c -> c == '?').count()).sum(), tmaOneWay);
    }

    @Test
    void theDocumentIsItsGoldenFileValidAndBindsBack() throws IOException {
        String written = Json.write(SeveralDevicesRun.document(report));
        GoldenFile.assertDocument("bandwidth-devices-p2p-tma.json", written);
        SchemaContract.requireValid(JsonMaps.parse(written), "p2p by the TMA");
        Map<?, ?> document = (Map<?, ?>) JsonMaps.parse(written);
        List<?> rows = (List<?>) document.get("p2p");
        assertEquals(4, rows.stream().filter(r -> "tma".equals(((Map<?, ?>) r).get("copy"))).count(), written);
        List<?> waived = (List<?>) document.get("waived");
        assertEquals(16, waived.size(), written);
        assertEquals(Map.of("configuration", "p2p tma 0->2 134217728 B", "reason",
                "TMA bulk copies (cp.async.bulk) need compute capability 9.0, GPU 2 has 8.0"), waived.getFirst());
        assertTrue(((List<?>) document.get("devices")).stream().noneMatch(d -> ((Map<?, ?>) d).containsKey("waived")),
                "a pair's waiver spans its GPUs: in no GPU's own document");
        List<String> keys = List.copyOf(document.keySet().stream().map(Object::toString).toList());
        assertTrue(keys.indexOf("failures") < keys.indexOf("waived"), "after the extras: " + keys);
        Object bound = MeasuredDocuments.read("bandwidth", written).orElseThrow();
        assertEquals(written.strip(), Json.write(bound).strip());
    }

    /** --expect's names and the results of the pairs: the TMA's beside the driver's, none for a waived pair. */
    @Test
    void theNamesSayTheTmaAndAWaiverIsNoResult() {
        List<String> names = report.peerRunResults().orElseThrow().metrics().stream().map(Metric::name)
                .toList();
        assertTrue(names.containsAll(List.of("p2p.tma.0-1.128MiB", "p2p-bidir.tma.1-0.128MiB",
                "p2p-read.tma.0-1.128MiB", "p2p-bidir-read.tma.1-0.128MiB", "p2p.2-0.128MiB")), names.toString());
        assertFalse(names.stream().anyMatch(n -> n.startsWith("p2p.tma.2-") || n.contains("tma.0-2")), names.toString());
        assertEquals(names.size(), names.stream().distinct().count());
        assertEquals(new PeerPlan(report.plan(), report.indices()).declarations().size(),
                names.size() + report.waived().size(), "every declared name is a row's or a waiver's");
    }

    /** JUnit: the p2p suite has a case per row and a skipped case per waived configuration, with its reason. */
    @Test
    void junitSkipsTheWaivedPairsInTheP2pSuite() {
        List<RunResults> across = report.spanningRunResults(List.of());
        assertEquals(1, across.size());
        assertEquals(report.waived(), across.getFirst().waived());
        String xml = JUnitXml.render(RunJUnit.suitesDevices(report.devices().stream().map(BandwidthResults::context).toList(),
                report.devices().stream().map(d -> List.of(MultiDeviceResults.deviceRunResults(d,
                        java.util.OptionalDouble.empty()))).toList(), across, List.of(), Duration.ZERO));
        assertEquals(16, xml.lines().filter(l -> l.contains("<skipped message=\"TMA bulk copies (cp.async.bulk) need"
                + " compute capability 9.0, GPU 2 has 8.0\"")).count(), xml);
        assertTrue(xml.contains("name=\"p2p-bidir-read tma 2&lt;-&gt;1 134217728 B\"")
                || xml.contains("name=\"p2p-bidir-read tma 2<->1 134217728 B\""), xml);
        assertTrue(xml.contains("name=\"p2p.tma.0-1.128MiB\""), xml);
    }

    @Test
    void openMetricsCarriesTheTmaRowsOfTheirSourceGpu() throws IOException {
        List<GpuRun> runs = new DocumentReader().read(Path.of("src/test/resources/golden/bandwidth-devices-p2p-tma.json"));
        String metrics = OpenMetrics.render(runs.stream().map(GpuRun::results).toList());
        assertTrue(metrics.lines().anyMatch(l -> l.contains("copy=\"tma\"") && l.contains("src=\"0\"")
                && l.contains("dst=\"1\"")), metrics);
        assertFalse(metrics.lines().anyMatch(l -> l.contains("copy=\"tma\"") && l.contains("\"2\"")), metrics);
    }
}
