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
 * Writes test results in the JUnit XML format that CI servers read:
 * {@code <testsuites>}, one {@code <testsuite>} per suite with its counts, and one
 * {@code <testcase>} per case with an optional {@code <failure>}, {@code <error>} or
 * {@code <skipped>} and optional {@code <system-out>}.
 *
 * <p>Times are in seconds with three decimals. Timestamps are UTC without a zone suffix
 * ({@code 2025-01-31T12:00:00}), the form Ant's schema for the format allows. Text is escaped;
 * characters XML 1.0 forbids are dropped. The output is UTF-8 by declaration, so write it as
 * UTF-8.
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
     * @param systemOut output to attach as {@code <system-out>}, or {@code null} for none
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
        while (suites.hasNext()) {
            one.setLength(0);
            suite(one, suites.next());
            out.append(one);
        }
        out.write("</testsuites>\n");
    }

    private static void suite(StringBuilder out, TestSuite suite) {
        out.append("  <testsuite");
        attribute(out, "name", suite.name());
        attribute(out, "tests", Integer.toString(suite.testCases().size()));
        attribute(out, "failures", Long.toString(suite.failures()));
        attribute(out, "errors", Long.toString(suite.errors()));
        attribute(out, "skipped", Long.toString(suite.skipped()));
        attribute(out, "time", seconds(suite.time()));
        attribute(out, "timestamp", TIMESTAMP.format(LocalDateTime.ofInstant(
                suite.timestamp().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC)));
        attribute(out, "hostname", suite.hostname());
        if (suite.testCases().isEmpty()) {
            out.append("/>\n");
            return;
        }
        out.append(">\n");
        for (TestCase testCase : suite.testCases()) {
            testCase(out, testCase);
        }
        out.append("  </testsuite>\n");
    }

    private static void testCase(StringBuilder out, TestCase testCase) {
        out.append("    <testcase");
        attribute(out, "classname", testCase.className());
        attribute(out, "name", testCase.name());
        attribute(out, "time", seconds(testCase.time()));
        boolean hasBody = !(testCase.outcome() instanceof Passed) || testCase.systemOut() != null;
        if (!hasBody) {
            out.append("/>\n");
            return;
        }
        out.append(">\n");
        switch (testCase.outcome()) {
            case Passed passed -> {
            }
            case Failed f -> problem(out, "failure", f.message(), f.type(), f.details());
            case Errored e -> problem(out, "error", e.message(), e.type(), e.details());
            case Skipped s -> problem(out, "skipped", s.message(), null, null);
        }
        if (testCase.systemOut() != null) {
            out.append("      <system-out>").append(XmlText.content(testCase.systemOut()))
                    .append("</system-out>\n");
        }
        out.append("    </testcase>\n");
    }

    private static void problem(StringBuilder out, String element, String message, String type,
                                String details) {
        out.append("      <").append(element);
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
