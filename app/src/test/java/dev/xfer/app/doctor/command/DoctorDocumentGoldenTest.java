package dev.xfer.app.doctor.command;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.doctor.DoctorFixtures;
import dev.xfer.app.format.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;

/** The {@code doctor --json} document of a fixed report, against golden/doctor.json (which the schema test validates). */
class DoctorDocumentGoldenTest {
    @Test
    void document() throws IOException {
        GoldenFile.assertDocument("doctor.json", Json.write(DoctorCommand.document("0.1.0-test",
                DoctorFixtures.degraded())));
    }
}
