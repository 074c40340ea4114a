package dev.xfer.app.plot;

import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No reference line strikes through a text a reader has to read: the batch chart's dashed
 * baseline keeps off the bars' value labels, the overlap chart's dashed ideal line off the
 * panels' titles. Geometry from the SVG itself: each line segment against each text's box, the
 * box as {@link TextWidth} estimates it (wider than common sans-serif fonts draw it).
 */
class LinesOffLabelsTest {
    private static final Caption CAPTION = new Caption("caption");

    @Test
    void theBatchBaselineRunsThroughNoValueLabel() {
        // The baseline at 8.0 ms; 7.9 ms and 7.5 ms put their labels right across it, 7.40 GB/s beside its bar end.
        String svg = BatchChart.draw("Batch", List.of(
                new BatchChart.Bar("pageable-blocking", true, 8.0, 7.9, 8.1, 7.40),
                new BatchChart.Bar("pinned-async", true, 7.9, 7.8, 7.95, 7.3),
                new BatchChart.Bar("pin-then-copy-async", true, 7.5, 7.4, 7.6, 53.3),
                new BatchChart.Bar("staged", true, 1.0, 0.9, 12.0, 47.3)), "sub", CAPTION);
        SvgXml xml = SvgXml.parse(svg);
        List<ChartParts.Box> labels = boxes(xml.byClass("value"), 10, false);
        List<Element> lines = xml.byClass("baseline");
        assertTrue(lines.size() > 2, "the baselines are broken around the labels they would cross: " + svg);
        assertNoneCrossed(lines, labels, svg);
        // Without the breaks the 7.9 ms label would be crossed: the test can fail.
        double bx = Double.parseDouble(lines.getFirst().getAttribute("x1"));
        assertTrue(labels.stream().anyMatch(b -> b.left() < bx && bx < b.right()), "a label stands across the baseline's x");
    }

    @Test
    void theIdealLineRunsIntoNoPanelTitle() {
        String svg = TimelineChart.draw("t0", "Copy/compute overlap", ResultsFixtures.overlapTimelines(4),
                OptionalDouble.of(ResultsFixtures.overlapModel().idealMs()), Map.of("sequential", 1.0, "v1", 0.47, "v2", 0.47),
                CAPTION);
        SvgXml xml = SvgXml.parse(svg);
        List<ChartParts.Box> titles = boxes(xml.byClass("schedule-title"), 12, true);
        List<Element> lines = xml.byClass("ideal");
        assertEquals(3, lines.size());
        assertNoneCrossed(lines, titles, svg);
        double ix = Double.parseDouble(lines.getFirst().getAttribute("x1"));
        assertTrue(titles.stream().anyMatch(b -> b.left() < ix && ix < b.right()), "a title reaches past the ideal line's x");
    }

    @Test
    void aLineIsBrokenOnlyWhereATextStands() {
        Svg svg = new Svg(100, 100, "t");
        ChartParts.verticalLineAvoiding(svg, "l", 50, 0, 100, List.of(new ChartParts.Box(40, 20, 60, 30),
                new ChartParts.Box(0, 50, 10, 60), new ChartParts.Box(45, 25, 55, 40)), "stroke", "#000");
        List<Element> lines = SvgXml.parse(svg.finish()).byClass("l");
        assertEquals(List.of("0.0-18.0", "42.0-100.0"), lines.stream().map(l -> number(l, "y1") + "-" + number(l, "y2")).toList());
    }

    private static String number(Element e, String attribute) {
        return Double.toString(Double.parseDouble(e.getAttribute(attribute)));
    }

    private static List<ChartParts.Box> boxes(List<Element> texts, double defaultSize, boolean bold) {
        List<ChartParts.Box> out = new ArrayList<>();
        for (Element t : texts) {
            double size = t.hasAttribute("font-size") ? Double.parseDouble(t.getAttribute("font-size")) : defaultSize;
            out.add(ChartParts.Box.text(t.getTextContent(), Double.parseDouble(t.getAttribute("x")),
                    Double.parseDouble(t.getAttribute("y")), bold ? size * 1.1 : size, "end".equals(t.getAttribute("text-anchor"))));
        }
        assertFalse(out.isEmpty());
        return out;
    }

    private static void assertNoneCrossed(List<Element> lines, List<ChartParts.Box> boxes, String svg) {
        for (Element l : lines) {
            double x = Double.parseDouble(l.getAttribute("x1"));
            assertEquals(x, Double.parseDouble(l.getAttribute("x2")), "a vertical line");
            double y1 = Double.parseDouble(l.getAttribute("y1"));
            double y2 = Double.parseDouble(l.getAttribute("y2"));
            for (ChartParts.Box b : boxes) {
                boolean crosses = b.left() <= x && x <= b.right() && Math.max(y1, y2) >= b.top() && Math.min(y1, y2) <= b.bottom();
                assertFalse(crosses, "the line x=" + x + " y " + y1 + ".." + y2 + " crosses the text " + b + "\n" + svg);
            }
        }
    }
}
