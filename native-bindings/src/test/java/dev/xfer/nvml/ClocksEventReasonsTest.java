package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClocksEventReasonsTest {

    @Test
    void theReasonsCoverExactlyNvmlsMaskOfAll() {
        long all = 0;
        for (ClocksEventReason reason : ClocksEventReason.values()) {
            assertEquals(1, Long.bitCount(reason.bit()), reason + " is one bit");
            assertEquals(0, all & reason.bit(), reason + " has its own bit");
            all |= reason.bit();
        }
        assertEquals(nvml.nvmlClocksEventReasonAll(), all);
    }

    @Test
    void idleAloneHoldsNothingDown() {
        var idle = new ClocksEventReasons(nvml.nvmlClocksEventReasonGpuIdle());
        assertTrue(idle.idle());
        assertFalse(idle.heldDown());
        assertEquals(List.of(), idle.otherThanIdle());
        assertEquals("gpu-idle", idle.toString());
    }

    @Test
    void aPowerCapBesideIdleIsWhatHeldTheClocksDown() {
        var reasons = new ClocksEventReasons(nvml.nvmlClocksEventReasonGpuIdle() | nvml.nvmlClocksEventReasonSwPowerCap()
                | nvml.nvmlClocksThrottleReasonHwThermalSlowdown());
        assertTrue(reasons.idle());
        assertTrue(reasons.heldDown());
        assertEquals(List.of(ClocksEventReason.SW_POWER_CAP, ClocksEventReason.HW_THERMAL_SLOWDOWN),
                reasons.otherThanIdle());
        assertEquals("gpu-idle, sw-power-cap, hw-thermal-slowdown", reasons.toString());
    }

    @Test
    void anEmptyMaskIsNoneAndAnUnnamedBitIsShownAndCounts() {
        assertEquals("none", new ClocksEventReasons(nvml.nvmlClocksEventReasonNone()).toString());
        assertFalse(new ClocksEventReasons(0).heldDown());
        var newer = new ClocksEventReasons(1L << 40);
        assertEquals(List.of("0x10000000000"), newer.labels());
        assertTrue(newer.heldDown(), "a reason newer than the header is still a reason");
    }

    @Property(tries = 300)
    void decodingLosesNoBit(@ForAll long mask) {
        var reasons = new ClocksEventReasons(mask);
        long back = reasons.unnamedBits();
        for (ClocksEventReason reason : reasons.reasons()) {
            back |= reason.bit();
        }
        assertEquals(mask, back);
        assertEquals(reasons.heldDown(), (mask & ~nvml.nvmlClocksEventReasonGpuIdle()) != 0);
    }
}
