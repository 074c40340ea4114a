package dev.xfer.app.bandwidth;

import dev.xfer.app.cli.GateVerdicts;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.MeasuredConfiguration;
import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.placement.HostPlacement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.MIB16;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A configuration whose timer gave NaN: a failed result with its reason in every output that
 * judges, never a figure, and never an internal error on the way out.
 */
class UnmeasuredRenderingTest {
    private static final String REASON = "sample 3 of 20 was NaN s: the timer gave no time";

    /** The fixture's verified rows, with pinned h2d's samples unsummarisable. */
    private static BandwidthResults report() {
        BandwidthResults r = ResultsFixtures.bandwidthReport();
        List<BandwidthResult> verified = r.results().stream().filter(BandwidthResult::verified).toList();
        return new BandwidthResults(r.context(), r.plan(), verified, List.of(), List.of(), HostPlacement.none(),
                List.of(new Unmeasured(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), MIB16, CopyPath.DRIVER, Optional.empty(), OptionalInt.empty(),
                        REASON)));
    }

    @Test
    void theRunFailsWithTheReasonWhereAChecksFailureGoes() {
        RunResults results = report().runResults(OptionalDouble.of(63.0));
        assertFalse(results.allPassed(), "exit 1, as a failed check");
        List<MeasuredConfiguration> failed = results.configurations().stream().filter(c -> !c.passed()).toList();
        assertEquals(1, failed.size(), results.configurations().toString());
        assertEquals("pinned.h2d.16MiB", failed.getFirst().name());
        assertEquals(Optional.of(REASON), failed.getFirst().failure());
        assertTrue(failed.getFirst().summary().contains("not measured"), failed.getFirst().summary());
        assertTrue(results.configurations().stream().filter(MeasuredConfiguration::passed).count() == 3,
                "the measured rows still pass");
    }

    @Test
    void theTextSaysWhichConfigurationAndWhy() {
        assertTrue(BandwidthText.render(report()).contains("FAILED: pinned h2d 16777216 B: not measured: " + REASON + "\n"),
                BandwidthText.render(report()));
    }

    @Test
    void theDocumentAndCsvAreWrittenWithNoFigureForIt() {
        String json = Json.write(OneDeviceRun.document(report()));
        assertFalse(json.contains(": NaN"), "no figure is NaN (the reason may say it): " + json);
        String csv = ResultCsv.render(0, report().runResults(OptionalDouble.of(63.0)));
        assertTrue(csv.lines().anyMatch(l -> l.endsWith(",pinned.h2d.16MiB,GB/s,0,,,,,,,false," + REASON)), csv);
        assertFalse(csv.contains(",NaN,"), "no figure cell says NaN: " + csv);
    }

    @Test
    void theDocumentKeepsItAsAFailureWithItsReasonThatNoGatePasses(@TempDir Path dir) {
        GpuDocument document = OneDeviceRun.document(report());
        SchemaContract.requireValid(JsonMaps.parse(Json.write(document)), "a document with an unmeasured configuration");
        assertEquals(List.of(FailureRow.unmeasured("pinned h2d 16777216 B", OptionalInt.empty(), REASON)),
                document.failures());
        assertTrue(document.results().stream().map(r -> ((BandwidthRow) r).memory() + " " + ((BandwidthRow) r).direction())
                .noneMatch("pinned h2d"::equals), "no row of figures for it");
        GateVerdicts.assertFailedWith(document, REASON, dir);
    }
}
