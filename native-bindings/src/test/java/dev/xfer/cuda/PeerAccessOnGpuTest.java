package dev.xfer.cuda;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs two NVIDIA GPUs that can reach each other: peer access is enabled and disabled once each,
 * a second enable or disable says so instead of failing, and peer copies move the bytes.
 */
@Tag("gpu")
class PeerAccessOnGpuTest {
    private static CudaRuntime cuda;

    @BeforeAll
    static void twoGpus() {
        cuda = CudaRuntime.load(Optional.empty());
        assumeTrue(cuda.deviceCount() >= 2, "needs two GPUs; this machine has " + cuda.deviceCount());
    }

    @Test
    void enableAndDisableAreEachOnceAndThenSaySo() {
        CudaDevice a = cuda.device(0);
        CudaDevice b = cuda.device(1);
        assumeTrue(a.canAccessPeer(b), "device 0 cannot reach device 1's memory here");
        assertTrue(a.enablePeerAccess(b), "first enable");
        try {
            assertFalse(a.enablePeerAccess(b), "already enabled is not a failure");
            assertEquals(0, dev.xfer.cuda.generated.cudart.cudaGetLastError(), "and leaves no error behind");
        } finally {
            assertTrue(a.disablePeerAccess(b), "first disable");
        }
        assertFalse(a.disablePeerAccess(b), "not enabled is not a failure");
        assertEquals(0, dev.xfer.cuda.generated.cudart.cudaGetLastError());
    }

    @Test
    void peerCopiesWorkWithAndWithoutPeerAccess() {
        CudaDevice a = cuda.device(0);
        CudaDevice b = cuda.device(1);
        int size = 1 << 20;
        try (DeviceBuffer src = DeviceBuffer.allocate(a, size);
             DeviceBuffer dst = DeviceBuffer.allocate(b, size);
             HostBuffer host = HostMemoryKind.PINNED.allocate(size);
             CudaStream stream = CudaStream.create(a, true)) {
            for (int i = 0; i < size; i++) {
                host.segment().set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + 7));
            }
            a.makeCurrent();
            Memcpy.copy(src.address(), host.segment(), size, CopyKind.HOST_TO_DEVICE);
            Memcpy.copyPeerAsync(dst, src, size, stream);
            stream.synchronize();
            host.segment().fill((byte) 0);
            b.makeCurrent();
            Memcpy.copy(host.segment(), dst.address(), size, CopyKind.DEVICE_TO_HOST);
            for (int i = 0; i < size; i++) {
                assertEquals((byte) (i * 31 + 7), host.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, i), "byte " + i);
            }
        }
    }

    @Test
    void aPeerOutOfRangeFailsNamingTheCall() {
        CudaDevice a = cuda.device(0);
        CudaException e = assertThrows(CudaException.class, () -> a.enablePeerAccess(new CudaDevice(cuda.deviceCount())));
        assertTrue(e.call().startsWith("cudaDeviceEnablePeerAccess(device 0 -> "), e.getMessage());
    }
}
