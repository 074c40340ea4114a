package dev.xfer.app.latency;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Waiver;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A latency run that could not chase every target (one GPU where peers were asked, a GPU pair
 * without peer access): a waiver per configuration, named as its row would be, with why: a line per
 * reason in the text, {@code waived} in the document that binds back equal, a skipped JUnit case
 * each, nothing in OpenMetrics or CSV, and the run still judged by the rows it measured.
 */
class LatencyWaiversTest {
    private static final String NO_ACCESS = "GPU 0 cannot read GPU 1's memory (cudaDeviceCanAccessPeer is 0)";

    /** The rendering test's rows; peers waived: none on this machine, and GPU 1 unreadable. */
    private static LatencyResults report() {
        LatencyResults r = LatencyRenderingTest.report(false);
        List<Waiver> waived = new java.util.ArrayList<>(r.run().waived());
        waived.addAll(r.plan().waived(LatencyTarget.peer(1).id(), NO_ACCESS));
        return new LatencyResults(r.context(), r.plan(), new LatencyRun(r.run().results(), waived));
    }

    private static LatencyResults unwaived() {
        LatencyResults r = LatencyRenderingTest.report(false);
        return new LatencyResults(r.context(), r.plan(), new LatencyRun(r.run().results(), List.of()));
    }

    @Test
    void eachSizeOfATargetIsWaivedNamedAsItsRowWouldBe() {
        String oneGpu = LatencyPerDevice.whyNoPeers(DeviceSelection.everyDevice(), 1);
        assertEquals(List.of(new Waiver("peer 4096 B", oneGpu), new Waiver("peer 2097152 B", oneGpu),
                new Waiver("gpu1 4096 B", NO_ACCESS), new Waiver("gpu1 2097152 B", NO_ACCESS)), report().run().waived());
        assertEquals("gpu1 4096 B", new LatencyResult(LatencyTarget.peer(1), 4096, 1, null, java.util.Optional.empty())
                .configuration(), "the name a measured row's FAILED line gives it");
    }

    @Test
    void theTextSaysEachReasonOnce() {
        String text = LatencyText.render(report());
        assertEquals(List.of("waived: this machine has one GPU, and peer latency needs two: peer 4096 B, peer 2097152 B",
                        "waived: " + NO_ACCESS + ": gpu1 4096 B, gpu1 2097152 B"),
                text.lines().filter(l -> l.startsWith("waived: ")).toList(), text);
        assertFalse(text.contains("note: "), "a waiver is no note: " + text);
        assertFalse(LatencyText.render(unwaived()).contains("waived"), "none, no line");
    }

    @Test
    void theDocumentCarriesThemValidAndBindsBackEqual() {
        GpuDocument document = LatencyDocument.of(report(), List.of(1));
        String json = Json.write(document);
        SchemaContract.requireValid(JsonMaps.parse(json), "a latency document with waivers");
        Object bound = MeasuredDocuments.read("latency", json).orElseThrow();
        assertEquals(document, bound);
        assertEquals(report().run().waived(), ((GpuDocument) bound).waived().orElseThrow());
        assertEquals(new LatencyDocument.Notes(List.of()), document.extras(), "the notes no longer say it");
        assertFalse(Json.write(LatencyDocument.of(unwaived(), List.of())).contains("\"waived\""),
                "no waivers, no field");
    }

    @Test
    void junitSkipsEachWithItsReasonAndTheRunIsJudgedByItsRows() {
        RunResults results = report().runResults();
        RunResults without = unwaived().runResults();
        assertEquals(without.allPassed(), results.allPassed(), "a waiver is neither passed nor failed");
        assertEquals(without.configurations(), results.configurations(), "nor a configuration");
        assertEquals(without.metrics(), results.metrics(), "nor a metric --expect or OpenMetrics reads");
        String xml = JUnitXml.render(RunJUnit.suites(report().context(), List.of(results), List.of(), Duration.ZERO));
        assertEquals(2, xml.lines().filter(l -> l.contains("<skipped message=\"" + NO_ACCESS + "\"")).count(), xml);
        assertTrue(xml.contains("name=\"peer 2097152 B\""), xml);
        assertEquals(4, results.waived().size());
    }

    @Test
    void openMetricsAndCsvHaveNothingOfThem() {
        String metrics = OpenMetrics.render(DocumentResults.of(Path.of("run.json"), LatencyDocument.of(report(), List.of(1))));
        assertEquals(OpenMetrics.render(DocumentResults.of(Path.of("run.json"), LatencyDocument.of(unwaived(), List.of(1)))),
                metrics, "the same samples as without them");
        assertEquals(ResultCsv.render(0, unwaived().runResults()), ResultCsv.render(0, report().runResults()));
    }
}
