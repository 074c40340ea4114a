package dev.xfer.cuda;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kinds that need no CUDA call: pageable and heap. */
class HostMemoryKindTest {

    @Test
    void labelsRoundTrip() {
        for (HostMemoryKind kind : HostMemoryKind.values()) {
            assertEquals(kind, HostMemoryKind.fromLabel(kind.label()));
        }
        assertEquals(HostMemoryKind.WRITE_COMBINED, HostMemoryKind.fromLabel(" Write-Combined "));
        var e = assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.fromLabel("gpu"));
        assertTrue(e.getMessage().contains("'gpu'"), e.getMessage());
    }

    @Property(tries = 50)
    void pageableAndHeapBuffersHaveTheAskedSize(@ForAll @LongRange(min = 1, max = 1 << 20) long bytes) {
        for (HostMemoryKind kind : new HostMemoryKind[] {HostMemoryKind.PAGEABLE, HostMemoryKind.HEAP}) {
            try (HostBuffer buffer = kind.allocate(bytes)) {
                assertEquals(bytes, buffer.bytes());
                assertEquals(bytes, buffer.segment().byteSize());
                assertEquals(kind, buffer.kind());
                buffer.segment().set(java.lang.foreign.ValueLayout.JAVA_BYTE, bytes - 1, (byte) 7);
            }
        }
    }

    @Test
    void pageableMemoryIsPageAligned() {
        try (HostBuffer buffer = HostMemoryKind.PAGEABLE.allocate(12345)) {
            assertEquals(0, buffer.segment().address() % 4096);
        }
    }

    @Test
    void nonPositiveSizesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.PAGEABLE.allocate(0));
        assertThrows(IllegalArgumentException.class, () -> HostMemoryKind.HEAP.allocate(-1));
    }

    @Test
    void onlyHeapForbidsAsyncCopies() {
        for (HostMemoryKind kind : HostMemoryKind.values()) {
            assertEquals(kind != HostMemoryKind.HEAP, kind.allowsAsyncCopies());
        }
    }
}
