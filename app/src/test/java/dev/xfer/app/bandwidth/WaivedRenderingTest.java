package dev.xfer.app.bandwidth;

import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.documents.MeasuredDocuments;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.DocumentResults;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.OpenMetrics;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Waiver;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bandwidth run that waived configurations (p2p where --device all found one GPU): a line per
 * reason in the text, {@code waived} in the document that binds back, a skipped JUnit case each,
 * nothing in OpenMetrics, and the run still passes on the rows it measured.
 */
class WaivedRenderingTest {
    private static final String WHY = "GPU to GPU needs two GPUs; --device all found one (GPU 0)";

    private static BandwidthResults report() {
        BandwidthResults r = ResultsFixtures.bandwidthReport();
        BandwidthPlan withP2p = r.plan();
        return r.withWaived(PeerPlan.waived(withP2p, WHY));
    }

    @Test
    void everyP2pConfigurationOfThePlanIsWaivedOneWayAndBothWays() {
        List<Waiver> waived = report().waived();
        int sizes = report().plan().sizes().size();
        assertEquals(2 * sizes, waived.size(), waived.toString());
        assertTrue(waived.contains(new Waiver("p2p " + report().plan().sizes().getFirst() + " B", WHY)), waived.toString());
        assertTrue(waived.contains(new Waiver("p2p-bidir " + report().plan().sizes().getFirst() + " B", WHY)),
                waived.toString());
    }

    @Test
    void theTextSaysItOnceForTheReason() {
        String text = BandwidthText.render(report());
        assertEquals(1, text.lines().filter(l -> l.startsWith("waived: ")).count(), text);
        assertTrue(text.contains("waived: " + WHY + ": p2p "), text);
        assertFalse(BandwidthText.render(ResultsFixtures.bandwidthReport()).contains("waived"), "none, no line");
    }

    @Test
    void theDocumentCarriesThemValidAndTheyBindBack() {
        GpuDocument document = OneDeviceRun.document(report());
        String json = Json.write(document);
        SchemaContract.requireValid(JsonMaps.parse(json), "a document with waivers");
        Object bound = MeasuredDocuments.read("bandwidth", json).orElseThrow();
        assertEquals(document.waived(), ((GpuDocument) bound).waived());
        assertEquals(report().waived(), ((GpuDocument) bound).waived().orElseThrow());
        assertFalse(Json.write(OneDeviceRun.document(ResultsFixtures.bandwidthReport())).contains("\"waived\""),
                "no waivers, no field: documents without them are unchanged");
    }

    @Test
    void junitSkipsEachWithItsReasonAndTheRunStillPasses() {
        RunResults results = report().runResults(OptionalDouble.of(63.0));
        RunResults without = ResultsFixtures.bandwidthReport().runResults(OptionalDouble.of(63.0));
        assertEquals(without.allPassed(), results.allPassed(), "a waiver is neither passed nor failed");
        assertEquals(without.configurations(), results.configurations(), "nor a configuration");
        assertEquals(without.metrics(), results.metrics(), "nor a metric --expect or OpenMetrics reads");
        String xml = JUnitXml.render(RunJUnit.suites(report().context(), List.of(results), List.of(), Duration.ZERO));
        long skipped = xml.lines().filter(l -> l.contains("<skipped message=\"" + WHY + "\"")).count();
        assertEquals(report().waived().size(), skipped, xml);
        assertTrue(xml.contains("name=\"p2p-bidir " + report().plan().sizes().getFirst() + " B\""), xml);
    }

    @Test
    void openMetricsHasNothingOfThem() {
        GpuDocument document = OneDeviceRun.document(report());
        String metrics = OpenMetrics.render(DocumentResults.of(Path.of("run.json"), document));
        assertFalse(metrics.contains("p2p"), metrics);
        assertEquals(OpenMetrics.render(DocumentResults.of(Path.of("run.json"),
                OneDeviceRun.document(ResultsFixtures.bandwidthReport()))), metrics, "the same samples as without them");
    }
}
