package dev.xfer.app.format;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * Writes test results in the JUnit XML format that CI servers read, valid against both the
 * strict Apache Ant schema (Windy Road's {@code JUnit.xsd}) and Jenkins' ({@code junit-10.xsd}
 * of the xUnit plugin); {@code JUnitSchemaIT} validates xfer's reports against both:
 * {@code <testsuites>}, one {@code <testsuite>} per suite with its counts, its {@code package}
 * and {@code id} (0, 1, ... in the file), an empty {@code <properties>}, one {@code <testcase>}
 * per case with an optional {@code <failure>}, {@code <error>} or {@code <skipped>}, then the
 * suite's {@code <system-out>} and {@code <system-err>}. Ant's schema allows no output inside a
 * test case, so each case's output is a line of its suite's {@code <system-out>}, after the
 * case's name.
 *
 * <p>Times are in seconds with three decimals. Timestamps are UTC without a zone suffix
 * ({@code 2025-01-31T12:00:00}), the form Ant's schema for the format allows. Text is escaped;
 * characters XML 1.0 forbids are dropped. A blank host name is written {@code localhost} and a
 * failure or error without a type gets xfer's ({@code xfer.Failure}, {@code xfer.Error}), as
 * Ant's schema requires both. The output is UTF-8 by declaration, so write it as UTF-8.
 */
public final class JUnitXml {

    /** How a test case ended. */
    public sealed interface Outcome permits Passed, Failed, Errored, Skipped {
    }

    /** The case passed. */
    public record Passed() implements Outcome {
    }

    /**
     * The case ran and found a problem: {@code <failure>}.
     *
     * @param message one-line summary, or {@code null} for none
     * @param type    kind of failure, or {@code null} for none
     * @param details longer text such as a stack trace, or {@code null} for none
     */
    public record Failed(String message, String type, String details) implements Outcome {
    }

    /**
     * The case could not run to a verdict: {@code <error>}.
     *
     * @param message one-line summary, or {@code null} for none
     * @param type    kind of error, such as an exception class, or {@code null} for none
     * @param details longer text such as a stack trace, or {@code null} for none
     */
    public record Errored(String message, String type, String details) implements Outcome {
    }

    /**
     * The case did not run: {@code <skipped>}.
     *
     * @param message why, or {@code null} for no reason given
     */
    public record Skipped(String message) implements Outcome {
    }

    /**
     * One test case.
     *
     * @param className the group it belongs to ({@code classname} attribute)
     * @param name      its name
     * @param time      how long it took, not negative
     * @param outcome   how it ended
     * @param systemOut output to attach to the suite's {@code <system-out>} under the case's name,
     *                  or {@code null} for none
     */
    public record TestCase(String className, String name, Duration time, Outcome outcome,
                           String systemOut) {

        /** @throws IllegalArgumentException when {@code time} is negative */
        public TestCase {
            Objects.requireNonNull(className, "className");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(outcome, "outcome");
            requireNotNegative(time);
        }

        /** A case without {@code <system-out>}. */
        public TestCase(String className, String name, Duration time, Outcome outcome) {
            this(className, name, time, outcome, null);
        }
    }

    /**
     * One test suite; its test, failure, error and skip counts follow from its cases.
     *
     * @param name      the suite's name
     * @param timestamp when it started
     * @param hostname  the machine it ran on
     * @param time      how long it took, not negative; may exceed the cases' sum (set-up)
     * @param testCases its cases, in order
     */
    public record TestSuite(String name, Instant timestamp, String hostname, Duration time,
                            List<TestCase> testCases) {

        /** @throws IllegalArgumentException when {@code time} is negative */
        public TestSuite {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(timestamp, "timestamp");
            Objects.requireNonNull(hostname, "hostname");
            requireNotNegative(time);
            testCases = List.copyOf(testCases);
        }

        /** A suite whose time is the sum of its cases' times. */
        public TestSuite(String name, Instant timestamp, String hostname,
                         List<TestCase> testCases) {
            this(name, timestamp, hostname, testCases.stream().map(TestCase::time)
                    .reduce(Duration.ZERO, Duration::plus), testCases);
        }

        /** Number of cases that failed. */
        public long failures() {
            return count(Failed.class);
        }

        /** Number of cases that ended in an error. */
        public long errors() {
            return count(Errored.class);
        }

        /** Number of cases that were skipped. */
        public long skipped() {
            return count(Skipped.class);
        }

        private long count(Class<? extends Outcome> kind) {
            return testCases.stream().filter(c -> kind.isInstance(c.outcome())).count();
        }
    }

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ISO_LOCAL_DATE_TIME;

    private JUnitXml() {
    }

    /** Renders one suite inside {@code <testsuites>}. */
    public static String render(TestSuite... suites) {
        return render(Arrays.asList(suites));
    }

    /** Renders the suites, in order, inside {@code <testsuites>}. */
    public static String render(List<TestSuite> suites) {
        StringWriter out = new StringWriter();
        try {
            write(out, suites.iterator());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not throw
        }
        return out.toString();
    }

    /**
     * Writes the suites, in order, inside {@code <testsuites>}, each as it comes: a report of
     * many suites (a fleet's nodes) need not stand whole in memory, only one suite at a time.
     */
    public static void write(Writer out, Iterator<TestSuite> suites) throws IOException {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.write("<testsuites>\n");
        StringBuilder one = new StringBuilder();
        for (int id = 0; suites.hasNext(); id++) {
            one.setLength(0);
            suite(one, suites.next(), id);
            out.append(one);
        }
        out.write("</testsuites>\n");
    }

    private static void suite(StringBuilder out, TestSuite suite, int id) {
        out.append("  <testsuite");
        attribute(out, "name", orElse(suite.name(), "xfer"));
        attribute(out, "tests", Integer.toString(suite.testCases().size()));
        attribute(out, "failures", Long.toString(suite.failures()));
        attribute(out, "errors", Long.toString(suite.errors()));
        attribute(out, "skipped", Long.toString(suite.skipped()));
        attribute(out, "time", seconds(suite.time()));
        attribute(out, "timestamp", TIMESTAMP.format(LocalDateTime.ofInstant(
                suite.timestamp().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC)));
        attribute(out, "hostname", orElse(suite.hostname(), "localhost"));
        attribute(out, "package", packageOf(suite));
        attribute(out, "id", Integer.toString(id));
        out.append(">\n    <properties/>\n");
        StringBuilder systemOut = new StringBuilder();
        for (TestCase testCase : suite.testCases()) {
            testCase(out, testCase);
            if (testCase.systemOut() != null) {
                systemOut.append(testCase.name()).append(": ").append(testCase.systemOut()).append('\n');
            }
        }
        if (systemOut.isEmpty()) {
            out.append("    <system-out/>\n");
        } else {
            out.append("    <system-out>").append(XmlText.content(systemOut.toString())).append("</system-out>\n");
        }
        out.append("    <system-err/>\n");
        out.append("  </testsuite>\n");
    }

    // Ant's schema wants at least one character that is not white space in a suite's name and host.
    private static String orElse(String value, String blank) {
        return XmlText.stripIllegal(value).isBlank() ? blank : value;
    }

    /**
     * Ant's {@code package}: the class name the suite's cases share, else the dotted prefix they
     * share ({@code xfer.fleet} for {@code xfer.fleet.a} and {@code xfer.fleet.b}), else {@code xfer}.
     */
    static String packageOf(TestSuite suite) {
        String shared = null;
        for (TestCase testCase : suite.testCases()) {
            String name = testCase.className();
            if (shared == null) {
                shared = name;
                continue;
            }
            int n = 0;
            while (n < shared.length() && n < name.length() && shared.charAt(n) == name.charAt(n)) {
                n++;
            }
            if (n < shared.length() || n < name.length()) {
                // Cut at a dot: xfer.expect.device0 and xfer.expect.device1 share xfer.expect, not xfer.expect.device.
                boolean atDot = (n == shared.length() || shared.charAt(n) == '.') && (n == name.length() || name.charAt(n) == '.');
                shared = atDot ? shared.substring(0, n) : shared.substring(0, Math.max(0, shared.lastIndexOf('.', n - 1)));
            }
        }
        return shared == null || XmlText.stripIllegal(shared).isBlank() ? "xfer" : shared;
    }

    private static void testCase(StringBuilder out, TestCase testCase) {
        out.append("    <testcase");
        attribute(out, "classname", testCase.className());
        attribute(out, "name", testCase.name());
        attribute(out, "time", seconds(testCase.time()));
        switch (testCase.outcome()) {
            case Passed passed -> out.append("/>\n");
            case Failed f -> problem(out, "failure", f.message(), f.type() == null ? "xfer.Failure" : f.type(), f.details());
            case Errored e -> problem(out, "error", e.message(), e.type() == null ? "xfer.Error" : e.type(), e.details());
            case Skipped s -> problem(out, "skipped", s.message(), null, null);
        }
    }

    // Inside its test case, which it closes.
    private static void problem(StringBuilder out, String element, String message, String type,
                                String details) {
        out.append(">\n      <").append(element);
        if (message != null) {
            attribute(out, "message", message);
        }
        if (type != null) {
            attribute(out, "type", type);
        }
        if (details == null || details.isEmpty()) {
            out.append("/>\n");
        } else {
            out.append('>').append(XmlText.content(details)).append("</").append(element)
                    .append(">\n");
        }
        out.append("    </testcase>\n");
    }

    private static void attribute(StringBuilder out, String name, String value) {
        out.append(' ').append(name).append("=\"").append(XmlText.attribute(value)).append('"');
    }

    private static String seconds(Duration time) {
        return BigDecimal.valueOf(time.getSeconds())
                .add(BigDecimal.valueOf(time.getNano(), 9))
                .setScale(3, RoundingMode.HALF_UP)
                .toPlainString();
    }

    private static void requireNotNegative(Duration time) {
        Objects.requireNonNull(time, "time");
        if (time.isNegative()) {
            throw new IllegalArgumentException("a test time cannot be negative, got " + time);
        }
    }
}
