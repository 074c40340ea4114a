package dev.xfer.app.staging;

import dev.xfer.host.HostMemcpy;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Locale;

/**
 * How host bytes move into and out of pinned memory (batch pin-then-copy and pin-threads, and every staged copy): the C
 * library's memcpy, as C and PyTorch programs do, or Java's own {@link MemorySegment#copy}. The
 * choice is there because it shows: on the H200 machine's CPU the two differ most when the
 * destination is not in cache.
 */
public enum HostCopy {
    LIBC("libc") {
        @Override
        public void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes) {
            HostMemcpy.copy(src, srcOffset, dst, dstOffset, bytes);
        }
    },
    JAVA("java") {
        @Override
        public void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes) {
            MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes);
        }
    };

    private final String label;

    HostCopy(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public abstract void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes);

    public static HostCopy fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(h -> h.label.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--host-copy takes libc or java, not '" + text + "'"));
    }
}
