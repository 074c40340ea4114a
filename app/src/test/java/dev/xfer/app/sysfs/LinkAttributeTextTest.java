package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LinkAttributeTextTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2.5 GT/s PCIe|GEN1", "5.0 GT/s PCIe|GEN2", "8.0 GT/s PCIe|GEN3", "16.0 GT/s PCIe|GEN4",
        "32.0 GT/s PCIe|GEN5", "64.0 GT/s PCIe|GEN6",
        "2.5 GT/s|GEN1", "5 GT/s|GEN2", "8 GT/s|GEN3", "16 GT/s|GEN4", "'  32.0 GT/s PCIe\n'|GEN5"})
    void readsCurrentAndOlderSpeedFormats(String text, PcieGeneration expected) {
        assertEquals(Optional.of(expected), LinkAttributeText.speed(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Unknown", "Unknown speed", "", "133 MHz PCI-X", "3.0 GT/s PCIe", "fast", "16.0GT/s",
        "16.0 GT/s PCIe extra", "1e1 GT/s"})
    void otherSpeedsAreUnknown(String text) {
        assertEquals(Optional.empty(), LinkAttributeText.speed(text));
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "4, 4", "16, 16", "x16, 16", "32, 32"})
    void readsWidths(String text, int lanes) {
        assertEquals(OptionalInt.of(lanes), LinkAttributeText.width(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "33", "-1", "", "Unknown", "sixteen", "999999999999"})
    void otherWidthsAreUnknown(String text) {
        assertEquals(OptionalInt.empty(), LinkAttributeText.width(text));
    }

    @Test
    void linkNeedsBothSpeedAndWidth() {
        assertEquals(Optional.of(new PcieLink(PcieGeneration.GEN4, 8)),
            LinkAttributeText.link(Optional.of("16.0 GT/s PCIe"), Optional.of("8")));
        assertEquals(Optional.empty(), LinkAttributeText.link(Optional.empty(), Optional.of("8")));
        assertEquals(Optional.empty(), LinkAttributeText.link(Optional.of("16.0 GT/s PCIe"), Optional.empty()));
        assertEquals(Optional.empty(), LinkAttributeText.link(Optional.of("Unknown"), Optional.of("16")));
    }
}
