package dev.xfer.app.bandwidth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --blocks}: what each form means on a device of a given SM count, and what is refused. */
class BlockCountsTest {

    @Test
    void theDefaultIsOneBlockPerSm() {
        assertEquals(List.of(132), BlockCounts.DEFAULT.resolve(132));
        assertEquals(List.of(78), BlockCounts.DEFAULT.resolve(78));
    }

    @Test
    void rangesArePowersOfTwoEndingAtTheirEnd() {
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 132), BlockCounts.parse("all").resolve(132));
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 132, 256, 264, 512, 528),
                BlockCounts.parse("2sm,1..sm,256..4sm").resolve(132));
        assertEquals(List.of(4, 8, 16, 32, 64, 128, 256, 512, 528), BlockCounts.parse("4..4sm").resolve(132));
        assertEquals(List.of(2, 64, 66), BlockCounts.parse("64, 2, 64, 66").resolve(132));
    }

    @Test
    void fixedCountsAreKnownBeforeTheDevice() {
        assertEquals(List.of(1, 2, 4, 6), BlockCounts.parse("1..6").fixed().orElseThrow());
        assertTrue(BlockCounts.parse("1..sm").fixed().isEmpty());
        BlockCounts on = BlockCounts.parse("1..sm").on(132);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 132), on.fixed().orElseThrow());
        assertEquals("1..sm", on.text());
        assertTrue(on.given());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "0sm", "x", "1..", "..4", "4,,8", "2.5", "65sm", ""})
    void nonsenseIsRefusedWithTheValue(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockCounts.parse(text));
        assertTrue(e.getMessage().startsWith("--blocks "), e.getMessage());
    }

    /** Two counts, or two multiples of sm, are ordered without the device: a backwards range is refused as given. */
    @ParameterizedTest
    @ValueSource(strings = {"4..1", "8,4sm..2sm", "64..64,9..3"})
    void aBackwardsRangeOfOneKindIsRefusedBeforeTheDevice(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockCounts.parse(text));
        assertTrue(e.getMessage().startsWith("--blocks " + text + ": the range '"), e.getMessage());
        assertTrue(e.getMessage().endsWith("' ends below where it starts"), e.getMessage());
    }

    @Test
    void aBackwardsRangeIsAUsageErrorBeforeCuda() {
        var cli = dev.xfer.app.cli.XferRun.of("bandwidth", "--copy", "kernel", "--blocks", "4..1");
        assertEquals(2, cli.exitCode(), cli.err());
        assertEquals("xfer: --blocks 4..1: the range '4..1' ends below where it starts", cli.err().strip());
    }

    @Test
    void aRangeEndingBelowItsStartIsRefusedOnTheDevice() {
        BlockCounts backwards = BlockCounts.parse("256..sm");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> backwards.resolve(132));
        assertEquals("--blocks 256..sm: the range ends (132 blocks with 132 SMs) below where it starts (256)",
                e.getMessage());
    }
}
