package dev.xfer.app.doctor;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

/** Assertions on diagnoses, shared by doctor's tests. */
final class Diagnoses {
    private Diagnoses() {
    }

    static Finding found(Diagnosis diagnosis) {
        return assertInstanceOf(Diagnosis.Found.class, diagnosis, diagnosis.toString()).finding();
    }

    static Diagnosis.Clear clear(Diagnosis diagnosis) {
        return assertInstanceOf(Diagnosis.Clear.class, diagnosis, diagnosis.toString());
    }

    static Diagnosis.Unknown unknown(Diagnosis diagnosis) {
        return assertInstanceOf(Diagnosis.Unknown.class, diagnosis, diagnosis.toString());
    }

    /** The one diagnosis of {@code cause} on {@code scopeKind}. */
    static Diagnosis of(List<Diagnosis> all, Cause cause, String scopeKind) {
        List<Diagnosis> matching = all.stream()
                .filter(d -> d.cause() == cause && d.scope().kind().equals(scopeKind)).toList();
        if (matching.size() != 1) {
            fail("expected one " + cause + " on " + scopeKind + ", got " + matching);
        }
        return matching.getFirst();
    }

    static void assertSeverity(Severity severity, Diagnosis diagnosis) {
        assertEquals(severity, found(diagnosis).severity(), diagnosis.toString());
    }
}
