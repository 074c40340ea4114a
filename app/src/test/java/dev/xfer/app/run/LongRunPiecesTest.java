package dev.xfer.app.run;

import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.FieldMap;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.ContextDocument;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.Rendering;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pieces of long runs on their own: the status line's text, the row stream, how a stopped run ends. */
class LongRunPiecesTest {

    @Test
    void theStatusLineSaysWhereHowLongAndHowLongLeft() {
        assertEquals("[1/210] pinned h2d 4096 B | 0s elapsed",
                StatusLine.text(0, 210, "pinned h2d 4096 B", Duration.ofMillis(300), ""));
        // 37 done in 62 s: 173 left at the same pace is 289.9 s.
        assertEquals("[38/210] pinned h2d 16777216 B | 1m02s elapsed | about 4m49s left",
                StatusLine.text(37, 210, "pinned h2d 16777216 B", Duration.ofSeconds(62), ""));
        assertEquals("[3/4] x | 2h05m elapsed | about 2h05m left | interrupted (SIGINT): stopping",
                StatusLine.text(2, 4, "x", Duration.ofMinutes(125), "interrupted (SIGINT): stopping"));
    }

    @Test
    void theClockReadsAsAPersonWouldWriteIt() {
        assertEquals("59s", StatusLine.clock(Duration.ofMillis(59_999)));
        assertEquals("1m00s", StatusLine.clock(Duration.ofSeconds(60)));
        assertEquals("59m59s", StatusLine.clock(Duration.ofSeconds(3599)));
        assertEquals("1h00m", StatusLine.clock(Duration.ofSeconds(3600)));
    }

    private static Rendering rows(int n) {
        List<Object> results = new ArrayList<>();
        StringBuilder csv = new StringBuilder("name,value\n");
        for (int i = 0; i < n; i++) {
            results.add(JsonMaps.object("name", "r" + i, "value", (double) i));
            csv.append("r").append(i).append(',').append((double) i).append('\n');
        }
        GpuDocument doc = new GpuDocument(1, "bandwidth", context(3), dev.xfer.app.output.NoParameters.NONE, FieldMap.rows(results),
                List.of(), Optional.empty(), dev.xfer.app.output.NoParameters.NONE, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        return new Rendering(() -> "table", csv::toString, () -> doc);
    }

    /** A context whose device matters only by its index. */
    private static ContextDocument context(int index) {
        return new ContextDocument("test", "2026-01-01T00:00:00Z", "host", Optional.empty(), "13.0", "13.0",
                new DeviceDocument(index, "GPU", Optional.empty(), "9.0", 0, 0, 1, 2, true, "0000:01:00.0",
                        OptionalInt.empty(), Optional.empty(), Optional.empty(), Optional.empty(), OptionalDouble.empty()),
                Optional.empty());
    }

    @Test
    void csvRowsArePrintedOnceEachAsTheyCome() {
        StringWriter out = new StringWriter();
        RowStream stream = new RowStream(OutputFormat.CSV, new PrintWriter(out));
        stream.update(rows(0));
        assertEquals("name,value\n", out.toString());
        stream.update(rows(2));
        stream.update(rows(2));
        assertEquals("name,value\nr0,0.0\nr1,1.0\n", out.toString());
        stream.end(rows(3), null);
        assertEquals("name,value\nr0,0.0\nr1,1.0\nr2,2.0\n", out.toString());
    }

    @Test
    void jsonLinesAreOneResultEachThenTheSummaryWithoutTheResults() {
        StringWriter out = new StringWriter();
        RowStream stream = new RowStream(OutputFormat.JSONL, new PrintWriter(out));
        stream.update(rows(1));
        assertEquals("{\"record\": \"result\", \"command\": \"bandwidth\", \"device\": 3, \"name\": \"r0\", \"value\": 0.0}\n",
                out.toString());
        stream.end(rows(2), RowStream.summary(rows(2).json().get(), false));
        String[] lines = out.toString().split("\n");
        assertEquals(3, lines.length);
        assertEquals("r1", ((Map<?, ?>) JsonMaps.parse(lines[1])).get("name"));
        Map<?, ?> summary = (Map<?, ?>) JsonMaps.parse(lines[2]);
        assertEquals("summary", summary.get("record"));
        assertEquals(false, summary.get("complete"));
        assertEquals(1L, summary.get("schemaVersion"));
        assertFalse(summary.containsKey("results"));
        assertEquals(List.of(), summary.get("failures"));
    }

    @Test
    void aSeveralDeviceDocumentGivesEachDevicesResultsWithItsIndex() {
        GpuDocument d0 = (GpuDocument) rows(1).json().get();
        GpuDocument two = (GpuDocument) rows(2).json().get();
        GpuDocument d1 = new GpuDocument(two.schemaVersion(), two.command(), context(5), two.parameters(),
                two.results(), two.failures(), Optional.empty(), two.extras(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
        DevicesDocument doc = DevicesDocument.of("bandwidth", dev.xfer.app.output.NoParameters.NONE, List.of(d0, d1));
        List<String> lines = RowStream.resultLines(doc);
        assertEquals(3, lines.size());
        assertEquals(List.of(3L, 5L, 5L), lines.stream().map(l -> ((Map<?, ?>) JsonMaps.parse(l)).get("device")).toList());
        Map<?, ?> summary = (Map<?, ?>) JsonMaps.parse(Json.writeLine(RowStream.summary(doc, true)));
        assertTrue(((List<?>) summary.get("devices")).stream().noneMatch(d -> ((Map<?, ?>) d).containsKey("results")));
    }

    @Test
    void aStoppedRunSaysHowFarItGotAndExitsWithTheSignalsCode() {
        RunEnding ending = new RunEnding(Optional.of(StopRequest.Reason.SIGINT), 37, 210);
        assertFalse(ending.complete());
        assertEquals("interrupted (SIGINT) after 37 of 210 configurations", ending.line());
        assertEquals("SIGINT", ending.stopped().orElseThrow().reason());
        assertEquals(130, ExitCode.stopped(StopRequest.Reason.SIGINT));
        assertEquals(143, ExitCode.stopped(StopRequest.Reason.SIGTERM));
        assertEquals(4, ExitCode.stopped(StopRequest.Reason.TIME_LIMIT));
        assertEquals("stopped by the time limit after 0 of 5 configurations",
                new RunEnding(Optional.of(StopRequest.Reason.TIME_LIMIT), 0, 5).line());
    }

    /** Conflicting output or progress options are usage errors on every measuring command, before CUDA. */
    @Test
    void conflictingOptionsAreUsageErrors() {
        for (String command : List.of("bandwidth", "overlap", "check", "batch", "pipeline")) {
            dev.xfer.app.cli.XferRun.of(command, "--json", "--jsonl")
                    .assertOneLine(2, "xfer: --json, --csv and --jsonl exclude each other");
            dev.xfer.app.cli.XferRun.of(command, "--csv", "--jsonl")
                    .assertOneLine(2, "xfer: --json, --csv and --jsonl exclude each other");
            dev.xfer.app.cli.XferRun.of(command, "--progress", "--no-progress")
                    .assertOneLine(2, "xfer: --progress and --no-progress exclude each other");
        }
        dev.xfer.app.cli.XferRun.of("smoke", "--progress", "--no-progress")
                .assertOneLine(2, "xfer: --progress and --no-progress exclude each other");
    }

    @Test
    void anExpectationOverAResultNeverMeasuredIsNotEvaluatedOnlyWhenTheRunStopped() {
        List<MetricDeclaration> run = List.of(MetricDeclaration.of("a.1", MetricUnit.GBPS),
                MetricDeclaration.of("a.2", MetricUnit.GBPS));
        ValidatedExpectations v = ExpectationSet.parse(List.of("a >= 1GB/s")).validate(run);
        List<Metric> measured = List.of(Metric.of("a.1", 5, MetricUnit.GBPS));
        List<ExpectationOutcome> stopped = v.evaluate(measured, false);
        assertEquals("PASS a.1 >= 1GB/s (measured 5GB/s)", stopped.get(0).line());
        assertEquals("NOT EVALUATED a.2 >= 1GB/s (the run stopped before it was measured)", stopped.get(1).line());
        assertFalse(stopped.get(1).passed());
        assertFalse(stopped.get(1).evaluated());
        // A complete run that lacks a result still fails on it.
        ExpectationOutcome complete = v.evaluate(measured, true).get(1);
        assertEquals("FAIL a.2 >= 1GB/s (not measured)", complete.line());
        assertTrue(complete.evaluated());
        assertEquals(List.of("a.1", "a.2"), v.declaredNames());
    }
}
