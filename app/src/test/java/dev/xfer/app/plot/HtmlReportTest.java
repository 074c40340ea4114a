package dev.xfer.app.plot;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report page from the golden documents: self-contained, printable, its charts well-formed. */
class HtmlReportTest {
    static final List<String> FIXTURES = List.of("bandwidth.json", "overlap.json", "pipeline.json", "batch.json",
            "check.json", "fleet.json", "bandwidth-all-nodes.json", "overlap-all-nodes.json", "batch-all-nodes.json",
            "bandwidth-devices-concurrent.json", "devices.json");

    static String report() {
        List<HtmlReport.Source> sources = new ArrayList<>();
        for (String name : FIXTURES) {
            sources.add(new HtmlReport.Source(name, SvgXml.resource("/golden/" + name)));
        }
        return HtmlReport.render("xfer report <fixtures>", sources);
    }

    static List<String> svgs(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?s)<svg .*?</svg>").matcher(html);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    @Test
    void everyDocumentGetsItsChartsAndNothingIsFetched() {
        String html = report();
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<title>xfer report &lt;fixtures&gt;</title>"));
        assertFalse(html.contains("<script"), "no scripts");
        assertFalse(html.contains("@import") || html.contains("@font-face") || html.contains("<link"), "nothing fetched");
        assertEquals(List.of(), Pattern.compile("(?:https?:)?//[a-z0-9.-]+").matcher(html).results().map(r -> r.group())
                .filter(u -> !u.equals("http://www.w3.org")).toList(), "no address but the SVG namespace");
        assertTrue(html.contains("@media print"));
        List<String> svgs = svgs(html);
        // bandwidth: host + device; overlap: 1; pipeline: none (no timeline in the golden); batch 1; check 1; fleet 1;
        // bandwidth-all-nodes 1; overlap-all-nodes: none recorded; batch-all-nodes: one per node (2);
        // bandwidth over two devices: one per device (2).
        assertEquals(2 + 1 + 1 + 1 + 1 + 1 + 2 + 2, svgs.size());
        svgs.forEach(SvgXml::parse);
        assertTrue(html.contains("no timelines in this document"), "overlap-all-nodes has none: said so");
        assertTrue(html.contains("nothing to draw"), "devices documents: said so");
        assertTrue(html.contains("no timeline in this document"), "pipeline without one: said so");
    }

    @Test
    void idsOfPatternsAreUniqueOnThePage() {
        Matcher m = Pattern.compile(" id=\"([^\"]+)\"").matcher(report());
        List<String> ids = new ArrayList<>();
        while (m.find()) {
            ids.add(m.group(1));
        }
        assertFalse(ids.isEmpty());
        assertEquals(ids.size(), ids.stream().distinct().count(), ids.toString());
    }
}
