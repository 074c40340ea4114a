package dev.xfer.app.topo;

import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.sysfs.SysfsFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code topo --json} read back: what xfer writes binds to an equal record, anything else names its field. */
class TopoDocumentBindingTest {
    private final RecordBinder binder = new RecordBinder();

    @Test
    void aWrittenDocumentBindsBackEqual() {
        for (TopoInventory report : List.of(TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED),
                TopoFixtures.withoutCuda(SysfsFixtures.UNKNOWN_LINK),
                TopoFixtures.withCuda(SysfsFixtures.SINGLE_NODE_GEN5, "0000:17:00.0"))) {
            TopoDocument doc = TopoDocument.of(1, "0.1.0-test", report);
            assertEquals(doc, binder.read(Json.write(doc), TopoDocument.class));
        }
    }

    @Test
    void aBadFieldIsNamedByItsPath() {
        String text = Json.write(TopoDocument.of(1, "0.1.0-test", TopoFixtures.withoutCuda(SysfsFixtures.TWO_NODE_DEGRADED)));
        String bad = text.replaceFirst("\"widthReduced\": true", "\"widthReduced\": \"yes\"");
        assertNotEquals(text, bad);
        assertEquals("gpus[0].widthReduced: expected true or false, got text \"yes\"",
                assertThrows(BindingException.class, () -> binder.read(bad, TopoDocument.class)).getMessage());
        String usable = text.replaceFirst("\"usable\": false", "\"usable\": true");
        assertEquals("cuda: a usable CUDA has driverVersion, runtimeVersion and libcudart, and no reason",
                assertThrows(BindingException.class, () -> binder.read(usable, TopoDocument.class)).getMessage());
    }
}
