package dev.xfer.cuda;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Against the real libcudart of a machine without an NVIDIA driver (CI's and developers'
 * machines): what a user without a GPU sees.
 */
class CudaRuntimeWithoutDriverTest {
    private static CudaRuntime cuda;

    @BeforeAll
    static void load() {
        cuda = CudaRuntime.load(Optional.empty());
    }

    @Test
    void readsTheRuntimeVersionWithoutADriver() {
        CudaVersion version = cuda.runtimeVersion();
        assertTrue(version.major() >= 12, "runtime " + version);
        assertTrue(cuda.libraryPath().getFileName().toString().startsWith("libcudart.so"), cuda.libraryPath().toString());
    }

    @Test
    void deviceCountFailsWithANamedDriverError() {
        assumeFalse(cuda.driverVersion().isPresent(), "this machine has an NVIDIA driver");
        CudaException e = assertThrows(CudaException.class, cuda::deviceCount);
        assertEquals("cudaGetDeviceCount", e.call());
        assertTrue(e.error().name().startsWith("cudaError"), e.error().name());
        assertTrue(e.error().meansCudaUnavailable(), e.error().name());
        assertTrue(e.getMessage().startsWith("cudaGetDeviceCount: " + e.error().name() + ": "), e.getMessage());
        assertTrue(e.error().description().length() > 5, e.error().description());
    }

    /** The peer-access calls are bound and checked: without a driver each fails naming the driver error. */
    @Test
    void peerAccessCallsFailWithANamedDriverError() {
        assumeFalse(cuda.driverVersion().isPresent(), "this machine has an NVIDIA driver");
        CudaDevice zero = new CudaDevice(0);
        CudaDevice one = new CudaDevice(1);
        for (org.junit.jupiter.api.function.Executable call : java.util.List.<org.junit.jupiter.api.function.Executable>of(
                () -> zero.canAccessPeer(one), () -> zero.enablePeerAccess(one), () -> zero.disablePeerAccess(one))) {
            CudaException e = assertThrows(CudaException.class, call);
            assertTrue(e.error().meansCudaUnavailable(), e.getMessage());
        }
    }

    @Test
    void errorNamesComeFromTheRuntime() {
        CudaError error = Check.describe(2);
        assertEquals("cudaErrorMemoryAllocation", error.name());
        assertEquals("out of memory", error.description());
        assertTrue(error.meansOutOfMemory());
    }

    @Test
    void missingLibraryIsOneClearMessage() {
        var e = assertThrows(CudaUnavailableException.class,
                () -> CudaRuntime.load(Optional.of(java.nio.file.Path.of("/nonexistent/libcudart.so.13"))));
        assertTrue(e.getMessage().contains("/nonexistent/libcudart.so.13"), e.getMessage());
    }
}
