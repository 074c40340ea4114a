package dev.xfer.app.bandwidth;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A configuration's name as text FAILED lines, the status line and verification messages give it. */
class ConfigurationLabelTest {
    @Test
    void theDriversPathIsTheMemoryAlone() {
        assertEquals("pinned h2d 16777216 B",
                new ConfigurationLabel("pinned", CopyPath.DRIVER, Optional.empty(), "h2d", 16_777_216).text());
    }

    @Test
    void anotherPathIsNamedAfterTheMemory() {
        assertEquals("heap staged d2h 4096 B",
                new ConfigurationLabel("heap", CopyPath.STAGED, Optional.empty(), "d2h", 4096).text());
    }

    @Test
    void aKernelNamesItsGrid() {
        ConfigurationLabel label = new ConfigurationLabel("pinned", CopyPath.KERNEL,
                Optional.of(new LaunchShape(132, 256)), "bidir-h2d", 4096);
        assertEquals("pinned kernel 132 blocks", label.path());
        assertEquals("pinned kernel 132 blocks bidir-h2d 4096 B", label.text());
    }
}
