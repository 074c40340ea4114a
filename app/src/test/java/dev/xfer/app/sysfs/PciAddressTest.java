package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PciAddressTest {

    @ParameterizedTest
    @CsvSource({
        "0000:17:00.0, 0000:17:00.0",
        "00000000:17:00.0, 0000:17:00.0",
        "00000000:CA:00.0, 0000:ca:00.0",
        "0000:C1:1F.7, 0000:c1:1f.7",
        "17:00.0, 0000:17:00.0",
        "0001:00:00.0, 0001:00:00.0",
        "00010000:E1:00.0, 10000:e1:00.0",
        "' 0000:17:00.0\n', 0000:17:00.0"})
    void normalizesToTheSysfsName(String busId, String sysfsName) {
        assertEquals(sysfsName, PciAddress.parse(busId).orElseThrow().sysfsName());
    }

    @Test
    void keepsTheParts() {
        assertEquals(Optional.of(new PciAddress(0, 0x81, 0, 1)), PciAddress.parse("00000000:81:00.1"));
        assertEquals("0000:81:00.1", new PciAddress(0, 0x81, 0, 1).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "GPU-0", "0000:17:00", "0000:17:00.8", "0000:17:20.0", "000000000:17:00.0",
        "0000:117:00.0", "0000:1:00.0", "FFFFFFFF:00:00.0", "0000-17-00.0", "0000:17:00.0.0"})
    void otherTextIsNotAnAddress(String busId) {
        assertEquals(Optional.empty(), PciAddress.parse(busId));
    }

    @Test
    void rejectsOutOfRangeParts() {
        assertThrows(IllegalArgumentException.class, () -> new PciAddress(-1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new PciAddress(0, 256, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new PciAddress(0, 0, 32, 0));
        assertThrows(IllegalArgumentException.class, () -> new PciAddress(0, 0, 0, 8));
    }
}
