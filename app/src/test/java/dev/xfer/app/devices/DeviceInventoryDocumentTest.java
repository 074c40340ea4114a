package dev.xfer.app.devices;

import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code devices --json} read back: what xfer writes binds to an equal record, anything else names its field. */
class DeviceInventoryDocumentTest {
    private final RecordBinder binder = new RecordBinder();

    @Test
    void aWrittenDocumentBindsBackEqual() {
        DeviceInventory report = ResultsFixtures.devicesReport();
        DeviceInventory unknowns = new DeviceInventory(report.driver(), report.runtime(), report.libcudart(),
                List.of(ResultsFixtures.withoutSysfs()));
        for (DeviceInventory r : List.of(report, unknowns)) {
            DeviceInventoryDocument doc = DeviceInventoryDocument.of(1, "0.1.0-test", r);
            String text = Json.write(doc);
            assertEquals(doc, binder.read(text, DeviceInventoryDocument.class));
        }
    }

    /** The Confidential Computing state devices prints, in each form NVML gives it, binds back equal. */
    @Test
    void theConfidentialComputingStateBindsBackEqual() {
        DeviceInventoryDocument plain = DeviceInventoryDocument.of(1, "0.1.0-test", ResultsFixtures.devicesReport());
        var on = new ConfidentialComputingState(true, "production", false,
                Reading.unknown("nvmlSystemGetConfComputeGpusReadyState: NVML_ERROR_NOT_SUPPORTED"));
        for (Reading<ConfidentialComputingState> state : List.of(Reading.of(ConfidentialComputingState.off()),
                Reading.of(on), Reading.<ConfidentialComputingState>unknown("NVML not found"))) {
            DeviceInventoryDocument doc = plain.withConfidentialComputing(state);
            String text = Json.write(doc);
            assertEquals(doc, binder.read(text, DeviceInventoryDocument.class), text);
        }
        String text = Json.write(plain.withConfidentialComputing(Reading.of(on)));
        assertTrue(text.contains("\n  \"confidentialComputing\": {\n    \"state\": \"on\",\n    \"environment\": \"production\",\n"
                + "    \"devTools\": false,\n    \"gpusReady\": \"unknown: nvmlSystemGetConfComputeGpusReadyState: NVML_ERROR_NOT_SUPPORTED\"\n  }\n}"),
                text);
        assertTrue(Json.write(plain.withConfidentialComputing(Reading.unknown("NVML not found")))
                .contains("\"confidentialComputing\": \"unknown: NVML not found\""));
    }

    @Test
    void aBadFieldIsNamedByItsPath() {
        String text = Json.write(DeviceInventoryDocument.of(1, "0.1.0-test", ResultsFixtures.devicesReport()));
        String bad = text.replaceFirst("\"asyncEngines\": 2", "\"asyncEngines\": 2.5");
        assertNotEquals(text, bad);
        assertEquals("devices[0].asyncEngines: expected a whole number from -2147483648 to 2147483647, got the number 2.5",
                assertThrows(BindingException.class, () -> binder.read(bad, DeviceInventoryDocument.class)).getMessage());
        String noWidth = text.replaceFirst("\"width\": 16", "\"lanes\": 16");
        assertEquals("devices[0].linkCurrent.width: expected a whole number, got nothing",
                assertThrows(BindingException.class, () -> binder.read(noWidth, DeviceInventoryDocument.class)).getMessage());
    }
}
