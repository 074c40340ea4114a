package dev.xfer.nvml;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadingTest {

    @Test
    void aValueIsKnown() {
        Reading<Integer> reading = Reading.of(() -> 7);
        assertEquals(new Reading.Known<>(7), reading);
        assertTrue(reading.isKnown());
        assertEquals(7, reading.orElse(0));
        assertEquals(new Reading.Known<>("7 MHz"), reading.map(v -> v + " MHz"));
    }

    @Test
    void anNvmlRefusalIsUnknownWithTheCallAndCode() {
        Reading<Long> reading = Reading.of(() -> {
            throw new NvmlException("nvmlDeviceGetTotalEccErrors(GPU index 0)", NvmlError.named(3));
        });
        var unknown = assertInstanceOf(Reading.Unknown.class, reading);
        assertEquals("nvmlDeviceGetTotalEccErrors(GPU index 0): NVML_ERROR_NOT_SUPPORTED", unknown.why());
        assertEquals("unknown: nvmlDeviceGetTotalEccErrors(GPU index 0): NVML_ERROR_NOT_SUPPORTED", reading.toString());
        assertFalse(reading.isKnown());
        assertEquals(-1L, reading.orElse(-1L));
        assertEquals(unknown.why(), assertInstanceOf(Reading.Unknown.class, reading.map(v -> v + 1)).why());
    }

    @Test
    void aBugIsNotEvidence() {
        assertThrows(IllegalStateException.class, () -> Reading.of(() -> {
            throw new IllegalStateException("a bug, not something NVML refused");
        }));
    }
}
