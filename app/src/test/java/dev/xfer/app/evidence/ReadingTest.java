package dev.xfer.app.evidence;

import dev.xfer.app.format.OrUnknown;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one "value or why not" of xfer, as the evidence probes and doctor read into it. */
class ReadingTest {

    @Test
    void aProbeReadingNamesNoPlace() {
        Reading<Integer> read = Reading.of(1980);
        assertEquals(new Reading.Known<>(1980, ""), read);
        assertEquals("", read.where());
        assertEquals(Optional.of(1980), read.known());
        assertEquals(new Reading.Unknown<>("not supported", ""), Reading.unknown("not supported"));
    }

    @Test
    void mapKeepsWhereAndTheReason() {
        Reading<Integer> known = Reading.known(7, "/sys/x/current_link_width");
        assertEquals(Reading.known("x7", "/sys/x/current_link_width"), known.map(w -> "x" + w));
        Reading<Integer> unknown = Reading.unknown("cannot read it", "/sys/x/current_link_width");
        assertEquals(Reading.unknown("cannot read it", "/sys/x/current_link_width"), unknown.map(w -> "x" + w));
        assertEquals(Optional.empty(), unknown.known());
    }

    @Test
    void atPlacesTheSameValueOrReason() {
        assertEquals(Reading.known(true, "nvmlDeviceGetPersistenceMode"), Reading.of(true).at("nvmlDeviceGetPersistenceMode"));
        assertEquals(Reading.unknown("NVML_ERROR_NO_PERMISSION", "nvmlDeviceGetPersistenceMode"),
                Reading.<Boolean>unknown("NVML_ERROR_NO_PERMISSION").at("nvmlDeviceGetPersistenceMode"));
    }

    @Test
    void theDocumentCarriesTheValueOrTheReasonNeverThePlace() {
        assertEquals(OrUnknown.of("enabled"), Reading.known(true, "a call").document(on -> on ? "enabled" : "disabled"));
        assertEquals(OrUnknown.unknown("not supported"), Reading.<Boolean>unknown("not supported", "a call")
                .document(on -> on ? "enabled" : "disabled"));
    }

    @Test
    void neitherAValueNorAReasonNorAPlaceIsNull() {
        assertThrows(NullPointerException.class, () -> Reading.of(null));
        assertThrows(NullPointerException.class, () -> Reading.unknown(null));
        assertThrows(NullPointerException.class, () -> Reading.known(1, null));
        assertThrows(NullPointerException.class, () -> Reading.unknown("why", null));
    }
}
