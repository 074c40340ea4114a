package dev.xfer.cuda;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: {@code pinned-huge} memory is page-locked (an async copy from it is legal),
 * 2 MiB-aligned, backed by huge pages where the kernel's THP setting allows it, copies over and
 * back intact, and is freed.
 */
@Tag("gpu")
class HugePinnedOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
        device.makeCurrent();
    }

    @Test
    void roundTripOn256MiBOfHugePages() throws IOException {
        long bytes = 256L << 20;
        try (HostBuffer host = HostMemoryKind.PINNED_HUGE.allocate(bytes);
             DeviceBuffer dev = DeviceBuffer.allocate(device, bytes)) {
            assertEquals(HostMemoryKind.PINNED_HUGE, host.kind());
            assertEquals(0, host.segment().address() % (2L << 20));
            for (long i = 0; i < bytes; i += 4096) {
                host.segment().set(ValueLayout.JAVA_BYTE, i, (byte) (i >>> 12));
            }
            Memcpy.copyAsync(dev.address(), host.segment(), bytes, CopyKind.HOST_TO_DEVICE, CudaStream.legacyDefault());
            CudaStream.legacyDefault().synchronize();
            host.segment().fill((byte) 0);
            Memcpy.copy(host.segment(), dev.address(), bytes, CopyKind.DEVICE_TO_HOST);
            for (long i = 0; i < bytes; i += 4096) {
                assertEquals((byte) (i >>> 12), host.segment().get(ValueLayout.JAVA_BYTE, i), "offset " + i);
            }
            String thp = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
            long huge = ((HugePinnedHostBuffer) host).hugeBytes().orElseThrow();
            System.out.println("pinned-huge: " + huge + " of " + bytes + " bytes on huge pages; THP " + thp.strip());
            if (!thp.contains("[never]")) {
                assertTrue(huge > 0, "THP is " + thp.strip() + " but none of the buffer is on huge pages");
            }
        }
    }
}
