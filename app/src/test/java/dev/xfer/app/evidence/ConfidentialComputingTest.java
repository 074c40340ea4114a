package dev.xfer.app.evidence;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * CC's words, said once for every command: on only where a reading says so (off and unknown change
 * nothing), the marks in one order, and the SMs' reason worded the same whoever reaches host memory.
 */
class ConfidentialComputingTest {
    @Test
    void onlyAKnownOnStateIsOn() {
        assertEquals(Optional.of(ConfidentialComputingStateTest.ON),
                ConfidentialComputing.on(Reading.of(ConfidentialComputingStateTest.ON)));
        assertEquals(Optional.empty(), ConfidentialComputing.on(Reading.of(ConfidentialComputingState.off())));
        // Unknown is never a reason to skip a measurement.
        assertEquals(Optional.empty(), ConfidentialComputing.on(Reading.unknown("NVML_ERROR_FUNCTION_NOT_FOUND")));
    }

    @Test
    void theMarksAreTheStateThenTheBounceBufferThenThePeers() {
        ConfidentialComputingState on = ConfidentialComputingStateTest.ON;
        assertEquals(List.of(on.line()), ConfidentialComputing.marks(on, false, false));
        assertEquals(List.of(on.line(), ConfidentialComputing.BOUNCE, ConfidentialComputing.PEERS),
                ConfidentialComputing.marks(on, true, true));
    }

    @Test
    void theSmsReasonNamesWhoReachesHostMemory() {
        assertEquals("Confidential Computing is on: the pointer chase reads host memory from the SMs, which the GPU"
                + " may not do in a confidential VM", ConfidentialComputing.smsReachHost("the pointer chase reads"));
    }
}
