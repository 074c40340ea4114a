package dev.xfer.app.run;

import dev.xfer.app.bandwidth.ConfidentialComputingFixtures;
import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * CC's rules for a run of one host memory kind (overlap, check, pipeline), for every kind under CC
 * off, unknown and on: nothing changes unless CC is on; then a kind page-locked by cudaHostRegister
 * is a usage error naming CC and pinned memory, and every other kind is marked bounced.
 */
class ConfidentialComputingOneKindRulesTest {
    private static final Reading<ConfidentialComputingState> ON = ConfidentialComputingFixtures.CC_ON;

    @Test
    void offOrUnknownChangesNothingForAnyKind() {
        for (Reading<ConfidentialComputingState> state : ConfidentialComputingFixtures.states()) {
            if (ConfidentialComputing.on(state).isPresent()) {
                continue;
            }
            for (HostMemoryKind memory : HostMemoryKind.values()) {
                assertEquals(List.of(), ConfidentialComputingOneKindRules.notes(memory, state), memory + " " + state);
            }
        }
    }

    @Test
    void onARegisteringKindLeavesNothingSoItIsAUsageErrorOfOneLine() {
        for (HostMemoryKind memory : List.of(HostMemoryKind.REGISTERED, HostMemoryKind.PINNED_HUGE)) {
            UnusableOptionException refused = assertThrows(UnusableOptionException.class,
                    () -> ConfidentialComputingOneKindRules.notes(memory, ON));
            assertEquals("xfer: --memory " + memory.label() + ": " + ConfidentialComputing.REGISTERED
                    + "; use --memory pinned", ErrorLine.line(refused));
            assertEquals(ExitCode.USAGE, ErrorLine.exitCode(refused));
            assertFalse(refused.getMessage().contains("\n"));
        }
    }

    @Test
    void onAnyOtherKindIsMarkedBouncedAfterTheStateLine() {
        String state = ((Reading.Known<ConfidentialComputingState>) ON).value().line();
        for (HostMemoryKind memory : HostMemoryKind.values()) {
            if (!memory.registersUserMemory()) {
                assertEquals(List.of(state, ConfidentialComputing.BOUNCE),
                        ConfidentialComputingOneKindRules.notes(memory, ON), memory.label());
            }
        }
    }
}
