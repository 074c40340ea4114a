package dev.xfer.app.smoke;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostLoopWarmupTest {
    @Test
    void theWarmUpHasEndedWhenCloseReturns() {
        boolean[] ended = {false};
        HostLoopWarmup warmup = HostLoopWarmup.start(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended[0] = true;
        });
        warmup.close();
        // The task's end orders the thread's write before this read.
        assertTrue(ended[0]);
        // Closing again waits for nothing and says nothing.
        assertDoesNotThrow(warmup::close);
    }

    @Test
    void theRealWarmUpRunsAndPassesItsOwnChecks() {
        assertDoesNotThrow(() -> HostLoopWarmup.start().close());
    }

    @Test
    void eachLoopGivesTheKnownAnswerOnItsScratchMemory() {
        // Sizes around a chunk's end (8192 doubles, 16384 floats) and a single element.
        for (int elements : new int[] {1, 2, 1024, 8193, 16_385}) {
            assertDoesNotThrow(() -> HostLoopWarmup.compile(3, elements), "elements " + elements);
        }
    }

    @Test
    void aFailureInTheWarmUpIsAnInternalErrorAtClose() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        HostLoopWarmup warmup = HostLoopWarmup.start(() -> {
            throw boom;
        });
        IllegalStateException e = assertThrows(IllegalStateException.class, warmup::close);
        assertSame(boom, e.getCause());
        assertEquals("the host loops' warm-up failed: java.lang.IllegalArgumentException: boom", e.getMessage());
    }
}
