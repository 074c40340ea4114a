package dev.xfer.app.measure;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hold's time limit as messages name it is the one hold_stream is launched with. */
class StreamGateTimeoutTest {
    @Test
    void theWordsAreTheLimitInSeconds() {
        String words = StreamGate.timeoutWords();
        assertTrue(words.endsWith(" s"), words);
        BigDecimal seconds = new BigDecimal(words.substring(0, words.length() - 2));
        assertEquals(StreamGate.TIMEOUT_NANOS, seconds.movePointRight(9).longValueExact());
    }
}
