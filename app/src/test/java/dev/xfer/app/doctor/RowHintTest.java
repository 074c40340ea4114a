package dev.xfer.app.doctor;

import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.sysfs.PciDeviceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a row is far below its link, and which cause its hint names. */
class RowHintTest {
    private static final long MIB64 = 64L << 20;
    private static final double GEN5_X16 = 63.0;

    private static RowHint.Row row(String memory, String direction, long bytes, double gbps) {
        return new RowHint.Row(memory, "driver", direction, bytes, gbps, GEN5_X16);
    }

    private static Finding finding(Cause cause, Severity severity, String summary) {
        return new Finding(cause, Scope.gpu(0, "0000:01:00.0"), severity, summary,
                List.of(new Evidence("x", "1", "here")), Optional.empty(), "remedy");
    }

    @Test
    void pinnedBelowSixtyPercentIsFarBelowPageableOnlyBelowTen() {
        assertTrue(RowHint.worst(List.of(row("pinned", "h2d", MIB64, 0.59 * GEN5_X16))).isPresent());
        assertTrue(RowHint.worst(List.of(row("pinned", "d2h", MIB64, 0.61 * GEN5_X16))).isEmpty());
        assertTrue(RowHint.worst(List.of(row("registered", "h2d", MIB64, 0.3 * GEN5_X16))).isPresent());
        // Pageable at a quarter of the link is what the driver's bounce buffers give: no hint.
        assertTrue(RowHint.worst(List.of(row("pageable", "h2d", MIB64, 0.25 * GEN5_X16))).isEmpty());
        assertTrue(RowHint.worst(List.of(row("pageable", "h2d", MIB64, 0.09 * GEN5_X16))).isPresent());
    }

    @Test
    void smallCopiesOtherPathsAndDirectionsAreNotJudged() {
        assertTrue(RowHint.worst(List.of(row("pinned", "h2d", 4096, 1.0))).isEmpty());
        assertTrue(RowHint.worst(List.of(new RowHint.Row("pinned", "staged", "h2d", MIB64, 1.0, GEN5_X16))).isEmpty());
        assertTrue(RowHint.worst(List.of(row("pinned", "bidir-h2d", MIB64, 1.0))).isEmpty());
        assertTrue(RowHint.worst(List.of(row("managed", "h2d", MIB64, 1.0))).isEmpty());
    }

    @Test
    void theHintNamesTheWorstRowAndTheTopFinding() {
        List<RowHint.Row> rows = List.of(row("pinned", "h2d", MIB64, 0.5 * GEN5_X16),
                row("pinned", "d2h", MIB64, 0.22 * GEN5_X16));
        List<Finding> findings = List.of(finding(Cause.MAX_READ_REQUEST, Severity.LOW, "MaxReadReq 128 B"),
                finding(Cause.LINK_BELOW_MAXIMUM, Severity.HIGH, "the link trained x8 of x16"));
        assertEquals("hint: GPU 3 pinned d2h ran at 22% of its link: the link trained x8 of x16 (xfer doctor explains)",
                RowHint.line(3, rows, findings, Optional.empty()).orElseThrow());
        // What disturbed the run explains it first.
        assertEquals("hint: GPU 3 pinned d2h ran at 22% of its link: GPU 3 disturbed: pid 4711 holds a context"
                        + " (xfer doctor explains)",
                RowHint.line(3, rows, findings, Optional.of("GPU 3 disturbed: pid 4711 holds a context")).orElseThrow());
        assertEquals("hint: GPU 3 pinned d2h ran at 22% of its link; nothing shows without a probe (xfer doctor"
                + " measures)", RowHint.line(3, rows, List.of(), Optional.empty()).orElseThrow());
        assertTrue(RowHint.line(3, List.of(row("pinned", "h2d", MIB64, 0.9 * GEN5_X16)), findings, Optional.empty())
                .isEmpty());
    }

    /** The whole hint from a run's records and a synthetic machine whose link trained x8. */
    @Test
    void fromRecordsAndSysfsTheX8LinkIsNamed(@TempDir Path tmp) {
        Path root = DoctorTrees.write(tmp, DoctorTrees.Machine.healthy().withLink("32.0 GT/s PCIe", 8));
        DeviceInfo h200 = ResultsFixtures.h200();
        DeviceInfo device = new DeviceInfo(0, h200.name(), 9, 0, h200.memoryTotalBytes(), h200.memoryFreeBytes(), 132,
                2, true, DoctorTrees.GPU, new PciDeviceReader(root).read(DoctorTrees.GPU), 0);
        RunContext context = ResultsFixtures.context(device);
        double link = context.link().orElseThrow().theoreticalGBps();
        BandwidthResults slow = results(context, 14.0, link);
        RunResults results = slow.runResults(OptionalDouble.of(link));
        String hint = new SysfsHints(root).hint(context, results, Optional.empty()).orElseThrow();
        assertTrue(hint.startsWith("hint: GPU 0 pinned h2d ran at " + Math.round(14.0 / link * 100)
                + "% of its link: "), hint);
        assertTrue(hint.contains("x8 of x16") && hint.endsWith("(xfer doctor explains)"), hint);
        // Fast rows read no sysfs and print nothing.
        assertTrue(new SysfsHints(tmp.resolve("nowhere")).hint(context,
                results(context, 0.85 * link, link).runResults(OptionalDouble.of(link)),
                Optional.empty()).isEmpty());
    }

    private static BandwidthResults results(RunContext context, double pinnedGBps, double link) {
        return new BandwidthResults(context, ResultsFixtures.bandwidthPlan(), List.of(
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), ResultsFixtures.MIB16,
                        ResultsFixtures.summary(20, pinnedGBps, pinnedGBps, pinnedGBps, pinnedGBps, 0),
                        ResultsFixtures.summary(20, 1000, 1000, 1000, 1000, 0),
                        OptionalDouble.of(pinnedGBps / link * 100), true)), List.of(), List.of());
    }
}
