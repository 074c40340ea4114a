package dev.xfer.app.doctor;

import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.format.Json;
import dev.xfer.app.sysfs.NumaTopologyReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * doctor's Confidential Computing line on NVML readings as the probes give them (recorded states,
 * and faked ones for CC on, which no machine here has): off is clear, on is a note (never a cost),
 * unknown is not judged; each in the text and in {@code doctor --json}.
 */
class ConfidentialComputingFindingTest {
    /** As the H200 of issue 42 read it: CC off, no CC system. */
    private static final ConfidentialComputingState OFF = ConfidentialComputingState.off();
    /** A confidential VM's H100 as NVML's structures describe one: production, GPUs ready. */
    private static final ConfidentialComputingState ON = new ConfidentialComputingState(true, "production", false,
            Reading.of(true));

    private static DoctorReport report(Reading<ConfidentialComputingState> cc) {
        Path sysfs = DoctorTrees.h100Vm();
        NvmlEvidence nvml = new NvmlReadings(Map.of(), Map.of(), 1, cc);
        List<Diagnosis> all = new Examination(new SysfsEvidence(sysfs), new NumaTopologyReader(sysfs).read(), nvml)
                .examine(List.of(), (from, to) -> Reading.unknown("no CUDA", "call"));
        return new DoctorReport(DoctorFixtures.cuda(), List.of(), all);
    }

    private static Diagnosis cc(DoctorReport report) {
        return report.diagnoses().stream().filter(d -> d.cause() == Cause.CONFIDENTIAL_COMPUTING).findFirst()
                .orElseThrow(() -> new AssertionError("no confidential-computing diagnosis: " + report));
    }

    private static String json(DoctorReport report) {
        return Json.write(DoctorDocument.of(1, "0.1.0-test", report));
    }

    @Test
    void offIsAClearHostLineInTextAndJson() {
        DoctorReport report = report(Reading.of(OFF));
        Diagnosis.Clear clear = assertInstanceOf(Diagnosis.Clear.class, cc(report));
        assertEquals(Scope.host(), clear.scope());
        assertEquals("Confidential Computing: off", clear.summary());
        assertEquals(ConfidentialComputingState.CALLS, clear.evidence().getFirst().where());
        assertTrue(DoctorText.render(report).contains("\n  host  confidential-computing: Confidential Computing: off\n"),
                DoctorText.render(report));
        String json = json(report);
        assertTrue(json.contains("\"cause\": \"confidential-computing\""), json);
        assertTrue(json.contains("\"summary\": \"Confidential Computing: off\""), json);
    }

    @Test
    void onIsANoteThatCostsNoBandwidth() {
        DoctorReport report = report(Reading.of(ON));
        Diagnosis.Found found = assertInstanceOf(Diagnosis.Found.class, cc(report));
        assertEquals(Severity.NOTE, found.finding().severity());
        assertFalse(found.finding().severity().costsBandwidth());
        assertTrue(found.finding().summary().startsWith("Confidential Computing: on (production, GPUs ready)"),
                found.finding().summary());
        assertTrue(found.finding().remedy().contains("baseline measured with CC on"), found.finding().remedy());
        String text = DoctorText.render(report);
        assertTrue(text.contains("note   host  Confidential Computing on: Confidential Computing: on (production"), text);
        String json = json(report);
        assertTrue(json.contains("\"cause\": \"confidential-computing\""), json);
        assertTrue(json.contains("\"severity\": \"note\""), json);
    }

    @Test
    void gpusNotReadyAreSaid() {
        DoctorReport report = report(Reading.of(new ConfidentialComputingState(true, "simulated", true,
                Reading.of(false))));
        Diagnosis.Found found = assertInstanceOf(Diagnosis.Found.class, cc(report));
        assertTrue(found.finding().summary().contains("simulated, developer tools mode, GPUs not ready"),
                found.finding().summary());
    }

    @Test
    void unknownIsNeverAFailure() {
        DoctorReport report = report(Reading.unknown("NVML_ERROR_FUNCTION_NOT_FOUND (a driver before r535)"));
        Diagnosis.Unknown unknown = assertInstanceOf(Diagnosis.Unknown.class, cc(report));
        assertEquals("NVML_ERROR_FUNCTION_NOT_FOUND (a driver before r535)", unknown.why());
        assertTrue(report.findings().stream().noneMatch(f -> f.cause() == Cause.CONFIDENTIAL_COMPUTING));
        String text = DoctorText.render(report);
        assertTrue(text.contains("  host  confidential-computing: unknown: NVML_ERROR_FUNCTION_NOT_FOUND"), text);
        assertTrue(json(report).contains("\"cause\": \"confidential-computing\""));
    }

    @Test
    void withoutNvmlItIsUnknownWithTheReason() {
        Diagnosis d = NvmlChecks.confidentialComputing(Scope.host(),
                NvmlEvidence.unavailable("libnvidia-ml.so.1 not found").confidentialComputing());
        assertEquals("libnvidia-ml.so.1 not found", assertInstanceOf(Diagnosis.Unknown.class, d).why());
    }
}
