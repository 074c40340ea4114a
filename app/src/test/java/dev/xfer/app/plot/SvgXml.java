package dev.xfer.app.plot;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/** An SVG parsed by the JDK's XML parser (so it is well-formed), with the look-ups the chart tests need. */
final class SvgXml {
    static final String SVG_NS = "http://www.w3.org/2000/svg";
    final Document document;

    private SvgXml(Document document) {
        this.document = document;
    }

    static SvgXml parse(String svg) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            var builder = f.newDocumentBuilder();
            builder.setErrorHandler(null);
            Document d = builder.parse(new InputSource(new StringReader(svg)));
            assertEquals("svg", d.getDocumentElement().getLocalName());
            assertEquals(SVG_NS, d.getDocumentElement().getNamespaceURI());
            return new SvgXml(d);
        } catch (Exception e) {
            fail("not well-formed XML: " + e.getMessage() + "\n" + svg);
            throw new AssertionError(e);
        }
    }

    /** Elements whose class attribute lists {@code cls}. */
    List<Element> byClass(String cls) {
        List<Element> out = new ArrayList<>();
        NodeList all = document.getElementsByTagNameNS(SVG_NS, "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (Arrays.asList(e.getAttribute("class").split(" ")).contains(cls)) {
                out.add(e);
            }
        }
        return out;
    }

    int count(String cls) {
        return byClass(cls).size();
    }

    Element one(String cls) {
        List<Element> found = byClass(cls);
        assertEquals(1, found.size(), "elements of class " + cls);
        return found.getFirst();
    }

    /** Both axes with ticks and a title with a unit in parentheses, a legend with entries, a caption. */
    void assertFrame(String xUnit, String yUnit) {
        for (String axis : yUnit == null ? new String[]{"x-axis"} : new String[]{"x-axis", "y-axis"}) {
            Element a = byClass(axis).getFirst();
            assertFalse(a.getElementsByTagNameNS(SVG_NS, "text").getLength() < 3, axis + " has ticks");
        }
        List<String> titles = byClass("axis-title").stream().map(Element::getTextContent).toList();
        assertFalse(titles.stream().noneMatch(t -> t.contains("(" + xUnit)), "x unit " + xUnit + " in " + titles);
        if (yUnit != null) {
            assertFalse(titles.stream().noneMatch(t -> t.contains("(" + yUnit)), "y unit " + yUnit + " in " + titles);
        }
        Element legend = one("legend");
        assertFalse(legend.getElementsByTagNameNS(SVG_NS, "text").getLength() == 0, "legend has entries");
        assertFalse(one("caption").getTextContent().isBlank(), "caption");
    }

    static String resource(String name) {
        try (InputStream in = SvgXml.class.getResourceAsStream(name)) {
            if (in == null) {
                fail("no resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
