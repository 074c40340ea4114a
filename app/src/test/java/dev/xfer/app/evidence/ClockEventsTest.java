package dev.xfer.app.evidence;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The evidence's names for NVML's clock event reasons, as documents have carried them, from nvml's one table. */
class ClockEventsTest {

    @Test
    void everyReasonHasTheNameDocumentsCarryAndOtherBitsTheirHex() {
        ClockEvents all = new ClockEvents(0x1FFL | 0x200L | (1L << 39));
        assertEquals(List.of("gpu_idle", "applications_clocks_setting", "sw_power_cap", "hw_slowdown", "sync_boost",
                "sw_thermal_slowdown", "hw_thermal_slowdown", "hw_power_brake_slowdown", "display_clock_setting",
                "0x200", "0x8000000000"), all.names());
    }

    @Test
    void idleAloneIsNotThrottling() {
        ClockEvents idle = new ClockEvents(ClockEvents.GPU_IDLE);
        assertFalse(idle.throttled());
        assertEquals(List.of(), idle.throttlingNames());
        assertEquals(List.of("gpu_idle"), idle.names());
    }

    @Test
    void aPowerCapBesideIdleIsThrottling() {
        ClockEvents capped = new ClockEvents(ClockEvents.GPU_IDLE | 0x4);
        assertTrue(capped.throttled());
        assertEquals(List.of("sw_power_cap"), capped.throttlingNames());
    }
}
