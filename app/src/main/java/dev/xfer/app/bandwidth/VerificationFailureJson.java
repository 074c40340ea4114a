package dev.xfer.app.bandwidth;

import dev.xfer.app.format.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * Verification failures as the {@code failures} array of a bandwidth document: {@code configuration},
 * {@code offset}, {@code expected} and {@code actual} (bytes as 0 to 255) and {@code numaNode} (or
 * null). One writer for a device's failures and for those of the copies that span devices.
 */
public final class VerificationFailureJson {
    private VerificationFailureJson() {
    }

    public static List<Object> rows(List<VerificationFailure> failures) {
        List<Object> rows = new ArrayList<>();
        for (VerificationFailure f : failures) {
            rows.add(Json.object("configuration", f.configuration(), "offset", f.offset(),
                    "expected", f.expected() & 0xff, "actual", f.actual() & 0xff,
                    "numaNode", f.numaNode().isPresent() ? f.numaNode().getAsInt() : null));
        }
        return rows;
    }
}
