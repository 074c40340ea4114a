package dev.xfer.app.output;

import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import dev.xfer.app.format.JUnitXml;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code --junit} report of a run, from fixed results and expectation outcomes produced the
 * way the commands produce them ({@code parse}, {@code validate}, {@code evaluate}): it must parse
 * back with the JDK's XML parser and say the same as the run did.
 */
class RunJUnitTest {
    private static final double LINK = 63.0;

    /** The JDK's parser, which rejects anything not well-formed. */
    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e && e.getTagName().equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Optional<Element> child(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        assertTrue(found.size() <= 1, "at most one <" + tag + ">");
        return found.stream().findFirst();
    }

    private static String text(Element parent, String tag) {
        return child(parent, tag).map(Node::getTextContent).orElse(null);
    }

    // ---- fixed results

    /** Pinned H2D fine at 83.5% of the link; pinned D2H slow (63.5%) and its data wrong. */
    private static RunResults bandwidth() {
        return new RunResults("bandwidth", List.of(
                Metric.overLink("pinned.h2d.16MiB", 52.634, LINK),
                Metric.overLink("pinned.d2h.16MiB", 40.0, LINK)), List.of(
                new MeasuredConfiguration("pinned.h2d.16MiB", "16777216 bytes: median 52.63 GB/s", Optional.empty(),
                        Duration.ofMillis(320)),
                new MeasuredConfiguration("pinned.d2h.16MiB", "16777216 bytes: median 40.00 GB/s",
                        Optional.of("pinned h2d+d2h 16777216 B: byte 4097 was 0x3c, expected 0xa5"), Duration.ofMillis(420))));
    }

    private static RunResults overlap() {
        return new RunResults("overlap", List.of(
                Metric.of("overlap.v1.speedup", 2.125, MetricUnit.RATIO),
                Metric.of("overlap.v1.error", 0.0, MetricUnit.NUMBER)), List.of(
                new MeasuredConfiguration("overlap.v1", "median 0.470 ms, max error 0", Optional.empty(),
                        Duration.ofMillis(9))));
    }

    /** A link that sysfs knows nothing about: no configuration to report. */
    private static RunResults unknownLink() {
        return new RunResults("link", List.of(), List.of());
    }

    private static List<ExpectationOutcome> outcomes(List<RunResults> runs, List<MetricDeclaration> extra,
                                                     String... expectations) {
        List<Metric> metrics = runs.stream().flatMap(r -> r.metrics().stream()).toList();
        List<MetricDeclaration> declared = new ArrayList<>(metrics.stream().map(Metric::declaration).toList());
        declared.addAll(extra);
        return ExpectationSet.parse(List.of(expectations)).validate(declared).evaluate(metrics);
    }

    // ---- tests

    @Test
    void oneTestCasePerConfigurationAndPerOutcomeWithTheRightCounts() throws Exception {
        List<RunResults> runs = List.of(unknownLink(), bandwidth(), overlap());
        List<ExpectationOutcome> outcomes = outcomes(runs,
                List.of(MetricDeclaration.of("check.synchronized.wrong", MetricUnit.COUNT)),
                "pinned >= 70%link",             // two outcomes: h2d passes, d2h fails
                "overlap.v1.speedup > 1x",       // passes
                "pinned.h2d.16MiB >= 60GB/s",    // fails
                "check.synchronized.wrong == 0"); // declared, never measured: fails
        assertEquals(5, outcomes.size());

        String xml = RunJUnit.render(ResultsFixtures.context(), runs, outcomes, Duration.ofMillis(2500));
        Element root = parse(xml).getDocumentElement();
        assertEquals("testsuites", root.getTagName());
        List<Element> suites = children(root, "testsuite");
        assertEquals(List.of("xfer link (device 0: NVIDIA H200)", "xfer bandwidth (device 0: NVIDIA H200)",
                        "xfer overlap (device 0: NVIDIA H200)", "xfer expectations (device 0)"),
                suites.stream().map(s -> s.getAttribute("name")).toList(), xml);

        int[] expectedTests = {0, 2, 1, 5};
        int[] expectedFailures = {0, 1, 0, 3};
        int allCases = 0;
        for (int i = 0; i < suites.size(); i++) {
            Element suite = suites.get(i);
            List<Element> cases = children(suite, "testcase");
            long failed = cases.stream().filter(c -> child(c, "failure").isPresent()).count();
            int index = i;
            assertAll(suite.getAttribute("name"),
                    () -> assertEquals(expectedTests[index], cases.size()),
                    () -> assertEquals(String.valueOf(cases.size()), suite.getAttribute("tests")),
                    () -> assertEquals(expectedFailures[index], failed),
                    () -> assertEquals(String.valueOf(failed), suite.getAttribute("failures")),
                    () -> assertEquals("0", suite.getAttribute("errors")),
                    () -> assertEquals("0", suite.getAttribute("skipped")),
                    () -> assertEquals(ResultsFixtures.HOST, suite.getAttribute("hostname")),
                    () -> assertEquals("2025-06-01T12:34:56", suite.getAttribute("timestamp")));
            allCases += cases.size();
        }
        int configurations = runs.stream().mapToInt(r -> r.configurations().size()).sum();
        assertEquals(configurations + outcomes.size(), allCases, "one case per configuration and per outcome");
        // Three runs in 2.5 s: each suite as long as its cases, not each the whole 2.5 s.
        assertEquals(List.of("0.000", "0.740", "0.009", "0.000"), suites.stream().map(s -> s.getAttribute("time")).toList());
        assertEquals(List.of("0.320", "0.420"), children(suites.get(1), "testcase").stream()
                .map(c -> c.getAttribute("time")).toList(), "each case its own time");
    }

    @Test
    void aRunsOneSuiteTakesTheElapsedTimeAndSeveralTakeTheirOwn() throws Exception {
        String one = RunJUnit.render(ResultsFixtures.context(), List.of(bandwidth()), List.of(), Duration.ofMillis(2500));
        assertEquals("2.500", children(parse(one).getDocumentElement(), "testsuite").getFirst().getAttribute("time"));
        List<JUnitXml.TestSuite> phases = RunJUnit.suites(ResultsFixtures.context(), List.of(bandwidth(), overlap()),
                List.of(Duration.ofSeconds(3), Duration.ofSeconds(2)), List.of());
        assertEquals(List.of(Duration.ofSeconds(3), Duration.ofSeconds(2)), phases.stream().map(JUnitXml.TestSuite::time).toList());
    }

    @Test
    void configurationsAreCasesThatFailWithTheirCheck() throws Exception {
        String xml = RunJUnit.render(ResultsFixtures.context(), List.of(bandwidth()), List.of(), Duration.ZERO);
        Element root = parse(xml).getDocumentElement();
        List<Element> suites = children(root, "testsuite");
        assertEquals(1, suites.size(), "no expectations, no expectations suite: " + xml);
        List<Element> cases = children(suites.getFirst(), "testcase");

        Element passed = cases.get(0);
        assertEquals("pinned.h2d.16MiB", passed.getAttribute("name"));
        assertEquals("xfer.bandwidth.device0", passed.getAttribute("classname"));
        assertTrue(child(passed, "failure").isEmpty());
        assertTrue(text(suites.getFirst(), "system-out").contains("pinned.h2d.16MiB: 16777216 bytes: median 52.63 GB/s\n"), xml);
        assertTrue(child(passed, "system-out").isEmpty(), "Ant's schema allows no output inside a case");

        Element failed = cases.get(1);
        assertEquals("pinned.d2h.16MiB", failed.getAttribute("name"));
        Element failure = child(failed, "failure").orElseThrow(() -> new AssertionError(xml));
        assertEquals("pinned h2d+d2h 16777216 B: byte 4097 was 0x3c, expected 0xa5", failure.getAttribute("message"));
        assertEquals("xfer.CheckFailed", failure.getAttribute("type"));
        assertEquals("16777216 bytes: median 40.00 GB/s", failure.getTextContent());
    }

    @Test
    void expectationFailuresCarryTheMeasuredValueAndTheBound() throws Exception {
        List<RunResults> runs = List.of(bandwidth(), overlap());
        List<ExpectationOutcome> outcomes = outcomes(runs,
                List.of(MetricDeclaration.of("check.synchronized.wrong", MetricUnit.COUNT)),
                "pinned >= 70%link", "overlap.v1.speedup > 1x", "pinned.h2d.16MiB >= 60GB/s",
                "check.synchronized.wrong == 0");
        String xml = RunJUnit.render(ResultsFixtures.context(), runs, outcomes, Duration.ZERO);
        Element expectations = children(parse(xml).getDocumentElement(), "testsuite").getLast();
        List<Element> cases = children(expectations, "testcase");

        assertEquals(List.of(
                        "pinned >= 70%link [pinned.h2d.16MiB]",
                        "pinned >= 70%link [pinned.d2h.16MiB]",
                        "overlap.v1.speedup > 1x [overlap.v1.speedup]",
                        "pinned.h2d.16MiB >= 60GB/s [pinned.h2d.16MiB]",
                        "check.synchronized.wrong == 0 [check.synchronized.wrong]"),
                cases.stream().map(c -> c.getAttribute("name")).toList(), xml);
        assertTrue(cases.stream().allMatch(c -> c.getAttribute("classname").equals("xfer.expect.device0")), xml);

        List<String> failures = cases.stream().map(c -> child(c, "failure").map(f -> f.getAttribute("message"))
                .orElse(null)).toList();
        assertEquals(Stream.of(
                        null,
                        "FAIL pinned.d2h.16MiB >= 70%link (measured 63.49%link)",
                        null,
                        "FAIL pinned.h2d.16MiB >= 60GB/s (measured 52.63GB/s)",
                        "FAIL check.synchronized.wrong == 0 (not measured)").toList(),
                failures, xml);
        String systemOut = text(expectations, "system-out");
        for (int i = 0; i < cases.size(); i++) {
            assertTrue(systemOut.contains(cases.get(i).getAttribute("name") + ": " + outcomes.get(i).line() + "\n"),
                    "every case keeps its line: " + systemOut);
            child(cases.get(i), "failure").ifPresent(f -> assertEquals("xfer.ExpectationFailed", f.getAttribute("type")));
        }
        assertTrue(systemOut.startsWith("pinned >= 70%link [pinned.h2d.16MiB]: PASS pinned.h2d.16MiB >= 70%link (measured 83.55%link)\n"));
    }

    @Test
    void namesAndTextsWithMarkupSurviveTheRoundTrip() throws Exception {
        String odd = "odd <&\"> 'name' ]]> \u00e9\u4e2d";
        DeviceInfo h200 = ResultsFixtures.h200();
        DeviceInfo device = new DeviceInfo(3, "GPU " + odd, h200.computeMajor(), h200.computeMinor(),
                h200.memoryTotalBytes(), h200.memoryFreeBytes(), h200.multiprocessors(), h200.asyncEngines(), h200.concurrentCopyAndExecute(),
                h200.pciBusId(), h200.pci(), h200.hostNumaFromCuda());
        RunContext context = new RunContext(ResultsFixtures.XFER_VERSION, ResultsFixtures.STARTED, "host " + odd,
                device, ResultsFixtures.CUDA_13, ResultsFixtures.CUDA_13);
        RunResults run = new RunResults("check", List.of(), List.of(
                new MeasuredConfiguration("config " + odd, "summary " + odd + "\nsecond line",
                        Optional.of("failure " + odd))));

        String xml = RunJUnit.render(context, List.of(run), List.of(), Duration.ZERO);
        Element suite = children(parse(xml).getDocumentElement(), "testsuite").getFirst();
        Element testCase = children(suite, "testcase").getFirst();
        Element failure = child(testCase, "failure").orElseThrow();
        assertAll(xml,
                () -> assertEquals("xfer check (device 3: GPU " + odd + ")", suite.getAttribute("name")),
                () -> assertEquals("host " + odd, suite.getAttribute("hostname")),
                () -> assertEquals("xfer.check.device3", testCase.getAttribute("classname")),
                () -> assertEquals("config " + odd, testCase.getAttribute("name")),
                () -> assertEquals("failure " + odd, failure.getAttribute("message")),
                () -> assertEquals("summary " + odd + "\nsecond line", failure.getTextContent()),
                () -> assertEquals("config " + odd + ": summary " + odd + "\nsecond line\n", text(suite, "system-out")));
    }
}
