package dev.xfer.app.commands;

import dev.xfer.app.batch.command.BatchCommand;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.devices.command.DevicesCommand;
import dev.xfer.app.output.WrittenDocuments;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.batch.BatchDocument;
import dev.xfer.app.batch.BatchResults;
import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.overlap.command.OverlapCommand;
import dev.xfer.app.pipeline.PipelineDocument;
import dev.xfer.app.pipeline.command.PipelineCommand;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.app.topo.TopoInspector;
import dev.xfer.app.topo.TopoInventory;
import dev.xfer.app.topo.command.TopoCommand;
import dev.xfer.cuda.CudaError;
import dev.xfer.cuda.CudaException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each command's whole JSON document, built from the fixed records of {@link ResultsFixtures},
 * against a file under {@code src/test/resources/golden/}.
 *
 * <p>These files pin the JSON schema that scripts read. Changing one (a field renamed, removed,
 * moved, or changing meaning or unit) means bumping {@link MeasuringMixin#SCHEMA_VERSION}, and
 * saying so in the change. To rewrite them after a deliberate change, run this test with
 * {@code -Dxfer.updateGolden=true} and review the diff.
 */
class JsonDocumentGoldenTest {

    private static void assertGolden(String name, Object document) throws IOException {
        GoldenFile.assertDocument(name, Json.write(document));
    }

    @Test
    void bandwidth() throws IOException {
        BandwidthResults r = ResultsFixtures.bandwidthReport();
        assertGolden("bandwidth.json", OneDeviceRun.document(r));
    }

    /** --copy driver,staged: staged rows carry their path and ceilings; driver rows are as they always were. */
    @Test
    void bandwidthStaged() throws IOException {
        BandwidthResults r = ResultsFixtures.bandwidthReportStaged();
        assertGolden("bandwidth-staged.json", OneDeviceRun.document(r));
    }

    @Test
    void bandwidthFromEveryNumaNode() throws IOException {
        BandwidthResults r = ResultsFixtures.bandwidthReportAllNodes();
        assertGolden("bandwidth-all-nodes.json", OneDeviceRun.document(r));
    }

    /** --device 0,1 --concurrent: each device's own document, then the GPUs at once. */
    @Test
    void bandwidthOverTwoDevicesAtOnce() throws IOException {
        assertGolden("bandwidth-devices-concurrent.json",
                SeveralDevicesRun.document(MultiDeviceFixtures.concurrentReport()));
    }

    /** --device 0,1,2 --direction p2p: three devices without rows of their own, then every pair. */
    @Test
    void bandwidthBetweenThreeDevices() throws IOException {
        assertGolden("bandwidth-devices-p2p.json",
                SeveralDevicesRun.document(MultiDeviceFixtures.peerReport()));
    }

    /**
     * --device 0,1 --direction p2p --initiation write,read --copy driver,kernel: the read form's rows
     * say {@code "initiation": "read"}; the write form's are written as they always were.
     */
    @Test
    void bandwidthBetweenTwoDevicesInBothForms() throws IOException {
        Map<String, Object> doc = WrittenDocuments.parsed(SeveralDevicesRun.document(MultiDeviceFixtures.peerReadReport()));
        assertGolden("bandwidth-devices-p2p-read.json", SeveralDevicesRun.document(MultiDeviceFixtures.peerReadReport()));
        List<?> rows = (List<?>) doc.get("p2p");
        assertEquals(List.of("src", "dst", "bytes", "peerAccess", "gbps", "bidirGbps", "verified", "bidirVerified"),
                List.copyOf(((Map<?, ?>) rows.getFirst()).keySet()));
        Map<?, ?> readByKernel = (Map<?, ?>) rows.get(5);
        assertEquals(List.of("src", "dst", "bytes", "peerAccess", "gbps", "bidirGbps", "verified", "bidirVerified",
                "copy", "initiation"), List.copyOf(readByKernel.keySet()));
        assertEquals("read", readByKernel.get("initiation"));
        assertEquals(4, rows.stream().filter(r -> "read".equals(((Map<?, ?>) r).get("initiation"))).count());
    }

    /**
     * The several-device document: the one-device documents unchanged inside {@code devices}, and
     * what spans the devices at the top; only what was asked for appears.
     */
    @Test
    void severalDevicesWrapTheOneDeviceDocuments() {
        var report = MultiDeviceFixtures.concurrentReport();
        DevicesDocument typed = SeveralDevicesRun.document(report);
        Map<String, Object> doc = WrittenDocuments.parsed(typed);
        assertEquals(List.of("schemaVersion", "command", "parameters", "devices", "concurrent", "failures"),
                List.copyOf(doc.keySet()));
        List<?> devices = typed.devices();
        assertEquals(2, devices.size());
        for (int d = 0; d < 2; d++) {
            BandwidthResults r = report.devices().get(d);
            assertEquals(OneDeviceRun.document(r), devices.get(d), "device " + d);
        }
        Map<String, Object> peers = WrittenDocuments.parsed(SeveralDevicesRun.document(
                MultiDeviceFixtures.peerReport()));
        assertEquals(List.of("schemaVersion", "command", "parameters", "devices", "p2p", "failures"),
                List.copyOf(peers.keySet()));
        Map<?, ?> first = (Map<?, ?>) ((List<?>) peers.get("p2p")).getFirst();
        assertEquals(List.of("src", "dst", "bytes", "peerAccess", "gbps", "bidirGbps", "verified", "bidirVerified"),
                List.copyOf(first.keySet()));
        assertEquals(390.12, ((Map<?, ?>) first.get("gbps")).get("median"));
    }

    @Test
    void overlap() throws IOException {
        OverlapResults r = ResultsFixtures.overlapReport();
        assertGolden("overlap.json", overlapDocument(r));
    }

    @Test
    void overlapFromEveryNumaNode() throws IOException {
        assertGolden("overlap-all-nodes.json", overlapDocument(ResultsFixtures.overlapReportAllNodes()));
    }

    /** As OverlapCommand.call() builds it: the shared envelope, then the model, each pass's and the timelines. */
    static GpuDocument overlapDocument(OverlapResults r) {
        return OverlapDocument.of(r);
    }

    @Test
    void batch() throws IOException {
        assertGolden("batch.json", batchDocument(ResultsFixtures.batchReport()));
    }

    @Test
    void batchFromEveryNumaNode() throws IOException {
        assertGolden("batch-all-nodes.json", batchDocument(ResultsFixtures.batchReportAllNodes()));
    }

    /** As BatchCommand.call() builds it. */
    private static GpuDocument batchDocument(BatchResults r) {
        return BatchDocument.of(r);
    }

    /** As PipelineCommand.call() builds it. */
    @Test
    void pipeline() throws IOException {
        var plan = ResultsFixtures.pipelinePlan();
        var result = ResultsFixtures.pipelineResult(1.1920928955078125E-7);
        assertGolden("pipeline.json", PipelineDocument.of(ResultsFixtures.context(), plan, result));
    }

    @Test
    void check() throws IOException {
        CheckResults r = ResultsFixtures.checkReport();
        assertGolden("check.json", CheckDocument.of(r));
    }

    @Test
    void devices() throws IOException {
        assertGolden("devices.json", DevicesCommand.document(ResultsFixtures.XFER_VERSION, ResultsFixtures.devicesReport()));
    }

    /** The two-node fixture tree on a machine without a driver: GPUs from sysfs, without index or name. */
    @Test
    void topo() throws IOException {
        TopoInventory report = new TopoInspector(SysfsFixtures.root(SysfsFixtures.TWO_NODE_DEGRADED), dev.xfer.app.cli.ErrorLine::line).inspect(() -> {
            throw new CudaException("cudaGetDeviceCount", new CudaError(35, "cudaErrorInsufficientDriver",
                    "CUDA driver version is insufficient for CUDA runtime version"));
        });
        assertGolden("topo.json", TopoCommand.document(ResultsFixtures.XFER_VERSION, report));
    }

    @Test
    void measuringDocumentsCarryTheSchemaVersion() {
        GpuDocument doc = dev.xfer.app.run.Documents.document("check", ResultsFixtures.context(), Map.of(), List.of(),
                List.of());
        assertEquals(MeasuringMixin.SCHEMA_VERSION, doc.schemaVersion());
    }
}
