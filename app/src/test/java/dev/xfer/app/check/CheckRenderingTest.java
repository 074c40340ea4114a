package dev.xfer.app.check;


import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.CsvRows;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.xfer.app.output.ResultsFixtures.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The check report as text and JSON, from fixed results. */
class CheckRenderingTest {
    private final CheckResults report = ResultsFixtures.checkReport();

    /** The fixture with h2d-event having seen wrong data once: a synchronized scenario, so the run fails. */
    private static CheckResults broken() {
        List<CheckResult> results = new ArrayList<>(ResultsFixtures.checkResults());
        results.set(4, new CheckResult(CheckScenario.H2D_EVENT, 100, 1, 0.5, 50, 50.0 / CheckPlan.TUTORIAL_ELEMENTS, 998.0, 0));
        return new CheckResults(ResultsFixtures.context(), ResultsFixtures.checkPlan(), results);
    }

    @Test
    void textNamesTheDataAndTheTrials() {
        String text = CheckText.render(report);
        assertTrue(text.startsWith("device 0: NVIDIA H200, PCIe Gen5 x16"), text);
        assertEquals("99999900 doubles (799999200 bytes) of 1..999999 repeated, pinned host memory, 100 trials each, "
                        + report.plan().readers() + " reader thread" + (report.plan().readers() == 1 ? "" : "s"),
                text.lines().skip(1).findFirst().orElseThrow());
    }

    @Test
    void textVerdictPerScenario() {
        String text = CheckText.render(report);
        assertTrue(line(text, "d2h-nosync").endsWith("race observed as expected"), text);
        assertTrue(line(text, "d2h-sync").endsWith("safe: 0 wrong"), text);
        assertTrue(line(text, "d2h-pageable").endsWith("safe: 0 wrong"), text);
        assertTrue(line(text, "h2d-overwrite").endsWith("race possible but not observed in 100 trials"), text);
        assertTrue(line(text, "h2d-event").endsWith("safe: 0 wrong"), text);
        assertFalse(text.contains("WRONG DATA"), text);
    }

    @Test
    void textRowFigures() {
        List<String> words = List.of(line(CheckText.render(report), "d2h-nosync").strip().split("\\s+"));
        // scenario, trials, copy in flight, wrong trials, stale mean, stale worst (share), max error
        assertEquals(List.of("d2h-nosync", "100", "100", "4", "1250000.0", "49999950", "(50%)", "poison"),
                words.subList(0, 8));
    }

    @Test
    void textBrokenSynchronizedScenario() {
        CheckResults r = broken();
        String row = line(CheckText.render(r), "h2d-event");
        assertTrue(row.endsWith("WRONG DATA despite synchronization"), row);
        assertTrue(row.contains(" 998.000 "), row);
    }

    @Test
    void textDescribesEveryScenario() {
        String text = CheckText.render(report);
        for (CheckScenario s : CheckScenario.values()) {
            assertTrue(text.contains(s.description()), s.id());
        }
    }

    // ---- JSON

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsedDocument(CheckResults r) {
        return (Map<String, Object>) JsonMaps.parse(Json.write(CheckDocument.of(r)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParameters() {
        Map<String, Object> p = (Map<String, Object>) parsedDocument(report).get("parameters");
        assertEquals(99_999_900L, p.get("elements"));
        assertEquals(799_999_200L, p.get("bytes"));
        assertEquals(100L, p.get("trials"));
        assertEquals("pinned", p.get("memory"));
        assertEquals(999_999L, p.get("period"));
        assertEquals(List.of("d2h-nosync", "d2h-sync", "d2h-pageable", "h2d-overwrite", "h2d-event"), p.get("scenarios"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonResults() {
        List<Object> results = (List<Object>) parsedDocument(report).get("results");
        Map<String, Object> nosync = (Map<String, Object>) results.getFirst();
        assertEquals(List.of("scenario", "synchronized", "trials", "copyInFlightTrials", "wrongTrials", "staleMean", "staleWorst",
                "staleFractionWorst", "maxError", "poisonSeen", "verdict", "seconds"), List.copyOf(nosync.keySet()));
        assertEquals("d2h-nosync", nosync.get("scenario"));
        assertEquals(false, nosync.get("synchronized"));
        assertEquals(4L, nosync.get("wrongTrials"));
        assertEquals(100L, nosync.get("copyInFlightTrials"));
        assertEquals(49_999_950L, nosync.get("staleWorst"));
        assertNull(nosync.get("maxError"), "poison has no error to give");
        assertEquals(true, nosync.get("poisonSeen"));
        assertEquals("race_observed", nosync.get("verdict"));

        Map<String, Object> sync = (Map<String, Object>) results.get(1);
        assertEquals(true, sync.get("synchronized"));
        assertEquals(0.0, sync.get("maxError"));
        assertEquals(false, sync.get("poisonSeen"));
        assertEquals("safe", sync.get("verdict"));
        assertEquals("race_not_observed", ((Map<String, Object>) results.get(3)).get("verdict"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonBrokenVerdict() {
        List<Object> results = (List<Object>) parsedDocument(broken()).get("results");
        Map<String, Object> event = (Map<String, Object>) results.get(4);
        assertEquals("broken", event.get("verdict"));
        assertEquals(998.0, event.get("maxError"));
    }

    @Test
    void csvRows() {
        var results = report.runResults();
        CsvRows csv = CsvRows.assertMirrors(ResultCsv.render(0, results), 0, results);
        var nosync = csv.rows().stream().filter(r -> r.get("scenario").equals("d2h-nosync")).findFirst().orElseThrow();
        assertEquals(List.of("100", "4.0"), List.of(nosync.get("trials"), nosync.get("median")), nosync.toString());
    }

    // ---- where the time went

    private static CheckResults timed() {
        List<CheckResult> results = new ArrayList<>();
        for (CheckResult r : ResultsFixtures.checkResults()) {
            results.add(new CheckResult(r.scenario(), r.trials(), r.wrongTrials(), r.staleMean(), r.staleWorst(),
                    r.staleFractionWorst(), r.maxError(), r.inFlightTrials(), new CheckTimes(1.0, 0.5, 0.25, 0.125)));
        }
        return new CheckResults(ResultsFixtures.context(), ResultsFixtures.checkPlan(), results, 1.5);
    }

    @Test
    void untimedReportHasNoTimeLine() {
        assertFalse(CheckText.render(report).contains("time:"));
    }

    @Test
    void timedReportSaysHowLongAndVerboseSaysWhere() {
        CheckResults r = timed();
        assertEquals(1.5 + 5 * 1.875, r.seconds(), 1e-12);
        String text = CheckText.render(r);
        assertEquals("time: 10.9 s (setup 1.5 s, trials 9.4 s); --verbose shows where it went", line(text, "time:"));
        assertFalse(text.contains("host access"), text);

        String verbose = CheckText.render(r, true);
        assertEquals("time: 10.9 s (setup 1.5 s, trials 9.4 s)", line(verbose, "time:"));
        // scenario, total, per trial, prepare, copy, host access, verify
        String times = verbose.substring(verbose.indexOf("\nseconds ") + 1);
        assertEquals(List.of("seconds", "total", "per", "trial", "prepare", "copy", "host", "access", "verify"),
                List.of(times.lines().findFirst().orElseThrow().split("\\s+")));
        assertEquals(List.of("h2d-event", "1.88", "18.8", "ms", "1.00", "0.50", "0.25", "0.13"),
                List.of(line(times, "h2d-event").strip().split("\\s+")));
        assertEquals(List.of("setup", "1.50"), List.of(line(times, "setup").strip().split("\\s+")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonSecondsPerScenario() {
        Map<String, Object> seconds = (Map<String, Object>) ((Map<String, Object>) ((List<Object>)
                parsedDocument(timed()).get("results")).getFirst()).get("seconds");
        assertEquals(Map.of("total", 1.875, "prepare", 1.0, "copy", 0.5, "hostAccess", 0.25, "verify", 0.125), seconds);
    }
}
