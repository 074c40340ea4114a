package dev.xfer.app.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.xfer.app.format.JUnitXml.Errored;
import dev.xfer.app.format.JUnitXml.Failed;
import dev.xfer.app.format.JUnitXml.Passed;
import dev.xfer.app.format.JUnitXml.Skipped;
import dev.xfer.app.format.JUnitXml.TestCase;
import dev.xfer.app.format.JUnitXml.TestSuite;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class JUnitXmlTest {

    private static final Instant START = Instant.parse("2025-01-31T12:34:56.789Z");

    /** Parses with the JDK's XML parser, which fails on anything not well-formed. */
    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static Element only(Element parent, String tag) {
        assertEquals(1, parent.getElementsByTagName(tag).getLength(), tag);
        return (Element) parent.getElementsByTagName(tag).item(0);
    }

    @Test
    void writesTheExpectedDocument() {
        TestSuite suite = new TestSuite("xfer.smoke", START, "gpu-node-1", List.of(
                new TestCase("h2d", "4KiB", Duration.ofMillis(1500), new Passed()),
                new TestCase("h2d", "1GiB", Duration.ofNanos(2_000_500_000),
                        new Failed("12.1 GB/s < 20 GB/s", "threshold", "details"), "log"),
                new TestCase("d2h", "4KiB", Duration.ZERO, new Skipped("no GPU")),
                new TestCase("d2h", "1GiB", Duration.ZERO, new Errored(null, null, null))));
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites>
                  <testsuite name="xfer.smoke" tests="4" failures="1" errors="1" skipped="1" \
                time="3.501" timestamp="2025-01-31T12:34:56" hostname="gpu-node-1" package="xfer" id="0">
                    <properties/>
                    <testcase classname="h2d" name="4KiB" time="1.500"/>
                    <testcase classname="h2d" name="1GiB" time="2.001">
                      <failure message="12.1 GB/s &lt; 20 GB/s" type="threshold">details</failure>
                    </testcase>
                    <testcase classname="d2h" name="4KiB" time="0.000">
                      <skipped message="no GPU"/>
                    </testcase>
                    <testcase classname="d2h" name="1GiB" time="0.000">
                      <error type="xfer.Error"/>
                    </testcase>
                    <system-out>1GiB: log
                </system-out>
                    <system-err/>
                  </testsuite>
                </testsuites>
                """, JUnitXml.render(suite));
    }

    @Test
    void parsesBackWithCountsAndAttributes() throws Exception {
        TestSuite suite = new TestSuite("s", START, "host", Duration.ofSeconds(10), List.of(
                new TestCase("c", "ok", Duration.ofMillis(1), new Passed()),
                new TestCase("c", "bad", Duration.ofMillis(2),
                        new Failed("m", "t", "stack\ntrace"))));
        Document doc = parse(JUnitXml.render(suite, suite));
        Element root = doc.getDocumentElement();
        assertEquals("testsuites", root.getTagName());
        assertEquals(2, root.getElementsByTagName("testsuite").getLength());
        Element first = (Element) root.getElementsByTagName("testsuite").item(0);
        assertEquals("2", first.getAttribute("tests"));
        assertEquals("1", first.getAttribute("failures"));
        assertEquals("0", first.getAttribute("errors"));
        assertEquals("0", first.getAttribute("skipped"));
        assertEquals("10.000", first.getAttribute("time"));
        Element failure = only(first, "failure");
        assertEquals("m", failure.getAttribute("message"));
        assertEquals("t", failure.getAttribute("type"));
        assertEquals("stack\ntrace", failure.getTextContent());
        Element second = (Element) root.getElementsByTagName("testsuite").item(1);
        assertEquals("0", first.getAttribute("id"));
        assertEquals("1", second.getAttribute("id"));
        assertEquals("c", first.getAttribute("package"));
    }

    @Test
    void aSuitesPackageIsWhatItsCasesClassNamesShare() {
        assertEquals("xfer.fleet", JUnitXml.packageOf(new TestSuite("s", START, "h", List.of(
                new TestCase("xfer.fleet.a", "1", Duration.ZERO, new Passed()),
                new TestCase("xfer.fleet.b", "2", Duration.ZERO, new Passed()),
                new TestCase("xfer.fleet", "3", Duration.ZERO, new Passed())))));
        assertEquals("xfer.bandwidth.device0", JUnitXml.packageOf(new TestSuite("s", START, "h", List.of(
                new TestCase("xfer.bandwidth.device0", "1", Duration.ZERO, new Passed())))));
        assertEquals("xfer.expect", JUnitXml.packageOf(new TestSuite("s", START, "h", List.of(
                new TestCase("xfer.expect.device0", "1", Duration.ZERO, new Passed()),
                new TestCase("xfer.expect.device1", "1", Duration.ZERO, new Passed())))));
        assertEquals("xfer", JUnitXml.packageOf(new TestSuite("s", START, "h", List.of(
                new TestCase("a", "1", Duration.ZERO, new Passed()),
                new TestCase("b", "1", Duration.ZERO, new Passed())))));
        assertEquals("xfer", JUnitXml.packageOf(new TestSuite("s", START, "h", List.of())));
    }

    @Test
    void aBlankHostIsLocalhostAndABlankSuiteNameIsXfer() throws Exception {
        Element suite = only(parse(JUnitXml.render(new TestSuite(" ", START, "", List.of())))
                .getDocumentElement(), "testsuite");
        assertEquals("localhost", suite.getAttribute("hostname"));
        assertEquals("xfer", suite.getAttribute("name"));
    }

    @Test
    void writesAnEmptySuiteAndNoSuites() throws Exception {
        String xml = JUnitXml.render(new TestSuite("empty", START, "h", List.of()));
        assertEquals("0", only(parse(xml).getDocumentElement(), "testsuite").getAttribute("tests"));
        assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n</testsuites>\n",
                JUnitXml.render(List.of()));
    }

    @Test
    void escapesMarkupAndKeepsWhiteSpaceInAttributesAndText() throws Exception {
        String nasty = "<a href=\"x\">&amp; 'q' ]]> \r\n\ttab";
        TestCase testCase = new TestCase(nasty, nasty, Duration.ZERO,
                new Failed(nasty, nasty, nasty), nasty);
        Element suite = only(parse(JUnitXml.render(
                new TestSuite(nasty, START, nasty, List.of(testCase)))).getDocumentElement(),
                "testsuite");
        assertEquals(nasty, suite.getAttribute("name"));
        assertEquals(nasty, suite.getAttribute("hostname"));
        Element element = only(suite, "testcase");
        assertEquals(nasty, element.getAttribute("classname"));
        assertEquals(nasty, element.getAttribute("name"));
        Element failure = only(element, "failure");
        assertEquals(nasty, failure.getAttribute("message"));
        assertEquals(nasty, failure.getAttribute("type"));
        assertEquals(nasty, failure.getTextContent());
        assertEquals(nasty + ": " + nasty + "\n", only(suite, "system-out").getTextContent());
    }

    @Test
    void dropsCharactersXmlForbids() throws Exception {
        String text = "a\u0000b\u0001c\u001fd\uFFFEe\uFFFFf\uD800g\uDC00h\uD83D\uDE80i\u0085j";
        String kept = "abcdefgh\uD83D\uDE80i\u0085j";
        TestCase testCase = new TestCase("c", text, Duration.ZERO, new Skipped(text), text);
        Element suite = only(parse(JUnitXml.render(
                new TestSuite("s", START, "h", List.of(testCase)))).getDocumentElement(),
                "testsuite");
        Element element = only(suite, "testcase");
        assertEquals(kept, element.getAttribute("name"));
        assertEquals(kept, only(element, "skipped").getAttribute("message"));
        assertEquals(kept + ": " + kept + "\n", only(suite, "system-out").getTextContent());
    }

    @Test
    void rejectsNegativeTimes() {
        assertThrows(IllegalArgumentException.class,
                () -> new TestCase("c", "n", Duration.ofMillis(-1), new Passed()));
        assertThrows(IllegalArgumentException.class,
                () -> new TestSuite("s", START, "h", Duration.ofMillis(-1), List.of()));
    }

    @Property
    void anyTextSurvivesWithOnlyForbiddenCharactersDropped(@ForAll String text)
            throws Exception {
        TestCase testCase = new TestCase(text, text, Duration.ZERO,
                new Errored(text, text, text), text);
        String xml = JUnitXml.render(new TestSuite(text, START, text, List.of(testCase)));
        Element suite = only(parse(xml).getDocumentElement(), "testsuite");
        String kept = XmlText.stripIllegal(text);
        assertEquals(kept.isBlank() ? "xfer" : kept, suite.getAttribute("name"));
        Element element = only(suite, "testcase");
        assertEquals(kept, element.getAttribute("name"));
        Element error = only(element, "error");
        assertEquals(kept, error.getAttribute("message"));
        assertEquals(kept, error.getTextContent());
        assertEquals(kept + ": " + kept + "\n", only(suite, "system-out").getTextContent());
    }
}
