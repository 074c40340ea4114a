package dev.xfer.app.plot;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SvgTest {
    @Test
    void numbersAreShortPlainAndNeverNegativeZero() {
        assertEquals("0", Svg.number(0));
        assertEquals("0", Svg.number(-0.001));
        assertEquals("0.3", Svg.number(0.1 + 0.2));
        assertEquals("12", Svg.number(12.0));
        assertEquals("12.35", Svg.number(12.345));
        assertEquals("-3.5", Svg.number(-3.5));
        assertEquals("4294967296", Svg.number(4294967296.0));
        assertEquals("100000000000000000000", Svg.number(1e20));
        assertThrows(IllegalArgumentException.class, () -> Svg.number(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Svg.number(Double.POSITIVE_INFINITY));
    }

    @Test
    void textAndAttributesAreEscaped() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;", Svg.escape("a <b> & \"c\" 'd'"));
        assertEquals("bell", Svg.escape("be\u0007ll"), "control characters are not XML");
        assertEquals("ab😀", Svg.escape("a\uffff\ud800b\ufffe😀"), "nor U+FFFF, U+FFFE or a lone surrogate");
        Svg svg = new Svg(10, 10, "t <&>");
        svg.textElement("text", "x < y & \"z\"", "class", "a\"b", "x", 1.5);
        SvgXml xml = SvgXml.parse(svg.finish());
        assertEquals("x < y & \"z\"", xml.byClass("a\"b").getFirst().getTextContent());
    }

    @Test
    void nestingIsChecked() {
        Svg svg = new Svg(10, 10, "t");
        svg.open("g");
        assertThrows(IllegalStateException.class, svg::finish);
        svg.close();
        assertThrows(IllegalStateException.class, svg::close);
        assertThrows(IllegalArgumentException.class, () -> svg.element("rect", "x"));
        String done = svg.finish();
        assertTrue(done.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\""), done);
        SvgXml.parse(done);
    }

    @Test
    void aNullAttributeIsLeftOut() {
        Svg svg = new Svg(10, 10, "t");
        svg.element("line", "stroke-dasharray", null, "x1", 0);
        assertTrue(svg.finish().contains("<line x1=\"0\"/>"));
    }
}
