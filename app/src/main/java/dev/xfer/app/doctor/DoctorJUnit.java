package dev.xfer.app.doctor;

import dev.xfer.app.format.JUnitXml;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The report as one JUnit suite: a case per check and scope; a finding that costs bandwidth fails,
 * a note passes with its text, an unknown is skipped with its reason.
 */
public final class DoctorJUnit {
    private DoctorJUnit() {
    }

    public static JUnitXml.TestSuite suite(DoctorReport report, Instant started, String host) {
        List<JUnitXml.TestCase> cases = new ArrayList<>();
        for (Finding f : report.findings()) {
            String details = f.summary() + "\n" + f.evidence().stream().map(DoctorText::line)
                    .reduce((a, b) -> a + "\n" + b).orElse("") + "\nremedy: " + f.remedy();
            JUnitXml.Outcome outcome = f.severity().costsBandwidth()
                    ? new JUnitXml.Failed(f.severity().label() + ": " + f.summary(), f.cause().id(), details)
                    : new JUnitXml.Passed();
            cases.add(new JUnitXml.TestCase(className(f.scope()), f.cause().id(), Duration.ZERO, outcome,
                    f.severity().costsBandwidth() ? null : details));
        }
        for (Diagnosis.Clear c : report.clear()) {
            cases.add(new JUnitXml.TestCase(className(c.scope()), c.cause().id(), Duration.ZERO, new JUnitXml.Passed(),
                    c.summary()));
        }
        for (Diagnosis.Unknown u : report.unknown()) {
            cases.add(new JUnitXml.TestCase(className(u.scope()), u.cause().id(), Duration.ZERO,
                    new JUnitXml.Skipped("unknown: " + u.why())));
        }
        return new JUnitXml.TestSuite("xfer doctor", started, host, cases);
    }

    private static String className(Scope scope) {
        return "xfer.doctor." + scope.label().replace(' ', '.');
    }
}
