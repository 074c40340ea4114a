package dev.xfer.app.commands;

import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.batch.BatchDocument;
import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.format.Json;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.pipeline.PipelineDocument;
import dev.xfer.app.plot.HtmlReport;
import dev.xfer.app.plot.PlotDocument;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --html draws a run's document from its records, never from its re-parsed text: the page is the
 * one xfer plot draws from the same document saved to a file, byte for byte.
 */
class HtmlFromRecordsTest {
    private static Map<String, RunDocument> documents() {
        return Map.of(
                "bandwidth", OneDeviceRun.document(ResultsFixtures.bandwidthReport()),
                "bandwidth-staged", OneDeviceRun.document(ResultsFixtures.bandwidthReportStaged()),
                "bandwidth-all-nodes", OneDeviceRun.document(ResultsFixtures.bandwidthReportAllNodes()),
                "bandwidth-devices-concurrent", SeveralDevicesRun.document(MultiDeviceFixtures.concurrentReport()),
                "bandwidth-devices-p2p", SeveralDevicesRun.document(MultiDeviceFixtures.peerReport()),
                "overlap", OverlapDocument.of(ResultsFixtures.overlapReport()),
                "batch", BatchDocument.of(ResultsFixtures.batchReport()),
                "pipeline", PipelineDocument.of(ResultsFixtures.context(), ResultsFixtures.pipelinePlan(),
                        ResultsFixtures.pipelineResult(1.1920928955078125E-7)),
                "check", CheckDocument.of(ResultsFixtures.checkReport()));
    }

    @Test
    void theRecordsDrawWhatTheirSavedTextDraws() {
        documents().forEach((name, document) -> {
            String title = "xfer " + document.command();
            String fromRecords = HtmlReport.render(title, List.of(new HtmlReport.Source(title,
                    new PlotDocument.Measured(new MeasuredDocument.Run(document)))));
            String fromText = HtmlReport.render(title, List.of(new HtmlReport.Source(title, Json.write(document))));
            assertEquals(fromText, fromRecords, name);
            assertTrue(fromRecords.contains("<figure>"), name + " draws something");
        });
    }
}
