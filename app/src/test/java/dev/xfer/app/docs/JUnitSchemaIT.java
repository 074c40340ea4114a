package dev.xfer.app.docs;

import dev.xfer.app.expect.ExpectationOutcome;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.Metric;
import dev.xfer.app.format.JUnitXml;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunJUnit;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Disturbance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * xfer's JUnit reports are valid against the strict Apache Ant JUnit schema and Jenkins' (the
 * two in {@code src/test/resources/junit-schemas}, where they came from is in its README), as
 * {@code xmllint --schema} reads them: a smoke report (the runs of one GPU: link, bandwidth,
 * overlap, check, its expectations and disturbances, and what a stopped run did not measure),
 * fleet's report (the golden file {@code FleetFormatsGoldenTest} holds equal to the command's
 * output) and the writer's edge cases (hostile text, a blank host, an empty suite, a failure
 * without a type). xmllint is installed with apt-get ({@code libxml2-utils}) when missing; in CI
 * a missing xmllint fails the test.
 */
class JUnitSchemaIT {
    private static final List<String> SCHEMAS = List.of("ant-junit.xsd", "jenkins-junit-10.xsd");

    @TempDir
    Path dir;

    @Test
    void aSmokeReportIsValidAgainstBothSchemas() throws Exception {
        RunContext context = ResultsFixtures.context();
        List<RunResults> runs = List.of(new RunResults("link", List.of(), List.of()),
                ResultsFixtures.bandwidthReport().runResults(OptionalDouble.of(63.0)),
                ResultsFixtures.overlapReport().runResults(), ResultsFixtures.checkReport().runResults());
        List<Metric> metrics = runs.stream().flatMap(r -> r.metrics().stream()).toList();
        List<ExpectationOutcome> outcomes = ExpectationSet.parse(List.of("pinned.h2d.16MiB >= 45GB/s", "pinned.d2h >= 99%link"))
                .validate(metrics.stream().map(Metric::declaration).toList()).evaluate(metrics);
        List<JUnitXml.TestSuite> suites = new ArrayList<>(RunJUnit.suites(context, runs,
                List.of(Duration.ZERO, Duration.ofMillis(4200), Duration.ofMillis(2100), Duration.ofMillis(1300)), outcomes));
        RunJUnit.disturbances(0, context, List.of(new Disturbance.ForeignProcess("pid 4242 (python) used the GPU",
                new Disturbance.ForeignProcess.Evidence(4242, Optional.of("python"))))).ifPresent(suites::add);
        suites.add(RunJUnit.notMeasured(context, "check", List.of("check.synchronized"), "interrupted (SIGINT)"));
        assertValid("smoke.xml", JUnitXml.render(suites));
    }

    @Test
    void fleetsReportIsValidAgainstBothSchemas() throws Exception {
        assertValid("fleet-formats.xml", Files.readString(RepositoryFiles.root()
                .resolve("app/src/test/resources/golden/fleet-formats.xml")));
    }

    @Test
    void theWritersEdgeCasesAreValidAgainstBothSchemas() throws Exception {
        Instant start = Instant.parse("2025-01-31T12:34:56.789Z");
        String nasty = "<a href=\"x\">&amp; 'q' ]]> \r\n\ttab \u0000\u202e ü✓";
        assertValid("edges.xml", JUnitXml.render(List.of(
                new JUnitXml.TestSuite("", start, "", List.of()),
                new JUnitXml.TestSuite(nasty, start, nasty, List.of(
                        new JUnitXml.TestCase(nasty, nasty, Duration.ofMillis(1), new JUnitXml.Passed(), nasty),
                        new JUnitXml.TestCase("c", "failed", Duration.ZERO, new JUnitXml.Failed(null, null, null)),
                        new JUnitXml.TestCase("c", "errored", Duration.ZERO, new JUnitXml.Errored(nasty, null, nasty)),
                        new JUnitXml.TestCase("c", "skipped", Duration.ZERO, new JUnitXml.Skipped(null), "out"))))));
    }

    private void assertValid(String name, String xml) throws IOException, InterruptedException {
        Path xmllint = DebianTool.require("xmllint", "libxml2-utils");
        Path file = dir.resolve(name);
        Files.writeString(file, xml, StandardCharsets.UTF_8);
        for (String schema : SCHEMAS) {
            Path xsd = RepositoryFiles.root().resolve("app/src/test/resources/junit-schemas").resolve(schema);
            Process lint = new ProcessBuilder(xmllint.toString(), "--noout", "--schema", xsd.toString(), file.toString())
                    .redirectErrorStream(true).start();
            String report = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(lint.waitFor(1, TimeUnit.MINUTES), "xmllint did not finish");
            assertEquals(0, lint.exitValue(), name + " against " + schema + ":\n" + report + "\n" + xml);
        }
    }
}
