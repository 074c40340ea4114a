package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PcieGenerationTest {

    @ParameterizedTest
    @CsvSource({"2.5, GEN1", "5, GEN2", "8, GEN3", "16, GEN4", "32, GEN5", "64, GEN6", "8.0, GEN3", "2.500, GEN1"})
    void findsGenerationByTransferRate(double gts, PcieGeneration expected) {
        assertEquals(Optional.of(expected), PcieGeneration.fromTransferRate(gts));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -2.5, 3, 12, 128, Double.NaN, Double.POSITIVE_INFINITY})
    void unknownTransferRateHasNoGeneration(double gts) {
        assertEquals(Optional.empty(), PcieGeneration.fromTransferRate(gts));
    }

    @Test
    void encodingEfficiencyFollowsTheSpecification() {
        assertEquals(0.8, PcieGeneration.GEN1.encodingEfficiency(), 1e-12);
        assertEquals(0.8, PcieGeneration.GEN2.encodingEfficiency(), 1e-12);
        assertEquals(128.0 / 130.0, PcieGeneration.GEN3.encodingEfficiency(), 1e-12);
        assertEquals(128.0 / 130.0, PcieGeneration.GEN5.encodingEfficiency(), 1e-12);
        assertEquals(242.0 / 256.0, PcieGeneration.GEN6.encodingEfficiency(), 1e-12);
    }

    @Test
    void perLaneRateIsWhatVendorsQuote() {
        assertEquals(0.25, PcieGeneration.GEN1.perLaneGBps(), 1e-12);
        assertEquals(0.985, PcieGeneration.GEN3.perLaneGBps(), 0.001);
        assertEquals(3.938, PcieGeneration.GEN5.perLaneGBps(), 0.001);
        assertEquals(7.5625, PcieGeneration.GEN6.perLaneGBps(), 1e-12);
    }

    @Test
    void numbersCountFromOne() {
        for (PcieGeneration generation : PcieGeneration.values()) {
            assertEquals(generation.ordinal() + 1, generation.number(), generation::name);
        }
    }
}
