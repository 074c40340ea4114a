package dev.xfer.app.verdict;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The noise class of a driver copy comes from its memory kind, asked, never from a list of labels. */
class NoiseKindOfMemoryTest {
    private static NoiseKind of(String memory) {
        return NoiseKind.of(Map.of("command", "bandwidth", "memory", memory, "direction", "h2d", "size", "64MiB"));
    }

    @Test
    void everyKindIsClassedByWhetherItIsPageLocked() {
        for (HostMemoryKind kind : HostMemoryKind.values()) {
            assertEquals(kind.isPageLocked() ? NoiseKind.PINNED_COPY : NoiseKind.PAGEABLE_COPY, of(kind.label()),
                    kind.label());
        }
    }

    @Test
    void theKindsKeepTheirClasses() {
        assertEquals(NoiseKind.PAGEABLE_COPY, of("pageable"));
        assertEquals(NoiseKind.PAGEABLE_COPY, of("heap"));
        assertEquals(NoiseKind.PINNED_COPY, of("pinned"));
        assertEquals(NoiseKind.PINNED_COPY, of("pinned-huge"));
        assertEquals(NoiseKind.PINNED_COPY, of("registered"));
        assertEquals(NoiseKind.PINNED_COPY, of("write-combined"));
    }

    @Test
    void aLabelNoKindHasIsOther() {
        assertEquals(NoiseKind.OTHER, of("Pinned"));
        assertEquals(NoiseKind.OTHER, of("managed"));
        assertEquals(NoiseKind.OTHER, NoiseKind.of(Map.of("command", "bandwidth", "direction", "h2d", "size", "64MiB")));
    }
}
