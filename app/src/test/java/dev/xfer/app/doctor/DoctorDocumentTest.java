package dev.xfer.app.doctor;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code doctor --json} read back: what xfer writes binds to an equal record, anything else names its field. */
class DoctorDocumentTest {
    private final RecordBinder binder = new RecordBinder();

    private static String written() {
        return Json.write(DoctorDocument.of(1, "0.1.0-test", DoctorFixtures.degraded()));
    }

    /** {@code written()} with {@code from} replaced once by {@code to}; fails if {@code from} is not there. */
    private static String broken(String from, String to) {
        String text = written();
        String bad = text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to));
        assertNotEquals(text, bad, from);
        return bad;
    }

    private String refusal(String text) {
        return assertThrows(BindingException.class, () -> binder.read(text, DoctorDocument.class)).getMessage();
    }

    @Test
    void aWrittenDocumentBindsBackEqual() {
        // Findings with and without costs and time costs, clear and unknown checks, GPU and host scopes.
        for (DoctorReport report : List.of(DoctorFixtures.degraded(), DoctorFixtures.everyCause(),
                DoctorRenderingTest.hostReadsAndFirstCalls(), new DoctorReport(
                        new dev.xfer.app.topo.CudaStatus.Unusable("no driver"), List.of(), List.of()))) {
            DoctorDocument doc = DoctorDocument.of(1, "0.1.0-test", report);
            String text = Json.write(doc);
            DoctorDocument read = binder.read(text, DoctorDocument.class);
            assertEquals(doc, read);
            assertEquals(text, Json.write(read));
        }
    }

    @Test
    void aWrongTypeIsNamedByItsPath() {
        assertEquals("findings[0].cost.gigabytesPerSecond: expected a number, got text \"fast\"",
                refusal(broken("\"gigabytesPerSecond\": 31.5", "\"gigabytesPerSecond\": \"fast\"")));
        assertEquals("findings[0].rank: expected a whole number, got null",
                refusal(broken("\"rank\": 1,", "\"rank\": null,")));
        assertEquals("gpus[0].probeSeconds: expected a number, got text \"1.24\"",
                refusal(broken("\"probeSeconds\": 1.24", "\"probeSeconds\": \"1.24\"")));
    }

    @Test
    void anUnknownLabelNamesTheKnownOnes() {
        String why = refusal(broken("\"severity\": \"high\"", "\"severity\": \"dire\""));
        assertEquals("findings[0].severity: expected one of high, medium, low, note, got text \"dire\"", why);
        assertTrue(refusal(broken("\"cause\": \"max-payload\"", "\"cause\": \"gremlins\""))
                .startsWith("findings[1].cause: expected one of link-below-maximum, max-payload, "), "cause");
    }

    @Test
    void whatTheRecordsRefuseIsTheFieldsError() {
        assertEquals("findings[0].cost: a cost is a finite rate of 0 or more, not -1.0",
                refusal(broken("\"gigabytesPerSecond\": 31.5", "\"gigabytesPerSecond\": -1.0")));
        assertEquals("gpus[0]: a GPU has probeSeconds or notProbed, one of them",
                refusal(broken("\"notProbed\": null", "\"notProbed\": \"skipped\"")));
        assertEquals("cuda: a usable CUDA has driverVersion, runtimeVersion and libcudart, and no reason",
                refusal(broken("\"driverVersion\": \"13.0\",", "")));
        assertEquals("expected \"doctor\", got \"topo\"",
                refusal(broken("\"command\": \"doctor\"", "\"command\": \"topo\"")));
    }
}
