package dev.xfer.app.output;

import dev.xfer.app.check.CheckDocument;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.latency.ChaseOrder;
import dev.xfer.app.latency.LatencyDocument;
import dev.xfer.app.latency.LatencyPlan;
import dev.xfer.app.latency.LatencyResult;
import dev.xfer.app.latency.LatencyResults;
import dev.xfer.app.latency.LatencyRun;
import dev.xfer.app.latency.LatencyTarget;
import dev.xfer.app.overlap.OverlapDocument;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.pipeline.PipelineDocument;
import dev.xfer.app.pipeline.PipelineResult;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * overlap's, latency's, check's and pipeline's own records bind back from what they write, as
 * the same records: the keys, the nulls of empty optionals, check's {@code "synchronized"} and the
 * timelines' stages all survive. (Rows holding {@code hostMemoryNodes}, a map of node to pages,
 * bind back too: {@code MeasuringDocumentsBindBackPropertiesTest} writes placed overlap passes.)
 */
class CommandRecordsRoundTripTest {
    private final RecordBinder binder = new RecordBinder();

    private <T> void roundTrips(T written, Class<T> type) {
        assertEquals(written, binder.read(Json.write(written), type));
    }

    @Test
    void checksPlanAndRows() {
        CheckResults report = ResultsFixtures.checkReport();
        roundTrips(CheckDocument.Plan.of(report.plan()), CheckDocument.Plan.class);
        for (CheckDocument.ScenarioRow row : CheckDocument.rows(report)) {
            roundTrips(row, CheckDocument.ScenarioRow.class);
        }
    }

    @Test
    void latencysPlanRowsAndNotes() {
        LatencyPlan plan = new LatencyPlan(List.of(4096L), List.of(LatencyTarget.Kind.values()), 1000, 5,
                ChaseOrder.RANDOM, 7);
        roundTrips(LatencyDocument.Plan.of(plan, List.of(1, 2)), LatencyDocument.Plan.class);
        LatencyResults report = new LatencyResults(ResultsFixtures.context(), plan, new LatencyRun(List.of(
                new LatencyResult(LatencyTarget.peer(1), 4096, 1000, new Summary(900.5, 899, 902, 900.25, 1.25, 5),
                        Optional.of("the chase ended early"))), plan.waived("host", "a reason")), List.of("a note"));
        GpuDocument doc = LatencyDocument.of(report, List.of(1));
        roundTrips((LatencyDocument.ConfigurationRow) doc.results().getFirst(), LatencyDocument.ConfigurationRow.class);
        roundTrips((LatencyDocument.Notes) doc.extras(), LatencyDocument.Notes.class);
    }

    @Test
    void pipelinesPlanAndRowWithItsTimeline() {
        roundTrips(PipelineDocument.Plan.of(ResultsFixtures.pipelinePlan()), PipelineDocument.Plan.class);
        PipelineResult result = new PipelineResult(new Summary(2.5, 2.25, 3, 2.6, 0.25, 5),
                ResultsFixtures.pipelineModel(2), Double.NaN, Optional.of(ResultsFixtures.overlapTimelines(2).get(1)));
        GpuDocument doc = PipelineDocument.of(ResultsFixtures.context(), ResultsFixtures.pipelinePlan(), result);
        roundTrips((PipelineDocument.PipelineRow) doc.results().getFirst(), PipelineDocument.PipelineRow.class);
    }

    @Test
    void overlapsPlanModelsAndTimelines() {
        OverlapResults report = ResultsFixtures.overlapReportAllNodes();
        roundTrips(OverlapDocument.Plan.of(report), OverlapDocument.Plan.class);
        OverlapResults timed = ResultsFixtures.overlapReport();
        OverlapResults withTimelines = new OverlapResults(timed.context(), timed.plan(), List.of(
                new OverlapResults.Pass(java.util.OptionalInt.of(1), timed.model(), timed.results(),
                        ResultsFixtures.overlapTimelines(4))), List.of(), timed.placement());
        roundTrips(OverlapDocument.Added.of(report), OverlapDocument.Added.class);
        roundTrips(OverlapDocument.Added.of(withTimelines), OverlapDocument.Added.class);
    }
}
