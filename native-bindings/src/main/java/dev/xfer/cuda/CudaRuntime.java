package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A loaded libcudart: where it came from, its version, the driver's, and the devices it sees.
 * Loading binds the generated bindings to that file; a JVM loads one libcudart for its lifetime.
 */
public final class CudaRuntime {
    private final CudartLocator.Located library;

    private CudaRuntime(CudartLocator.Located library) {
        this.library = library;
    }

    /**
     * Locates and loads libcudart.
     *
     * @param explicitPath {@code --cudart PATH}, if given
     * @throws CudaUnavailableException if no library is found or it cannot be loaded
     */
    public static CudaRuntime load(Optional<Path> explicitPath) {
        return load(CudartLocator.forThisMachine().locate(explicitPath));
    }

    public static CudaRuntime load(CudartLocator.Located library) {
        try {
            System.load(library.path().toString());
        } catch (UnsatisfiedLinkError e) {
            throw new CudaUnavailableException("cannot load " + library.path() + " (found via " + library.source()
                    + "): " + e.getMessage() + ": pass --cudart with a libcudart.so for this machine", e);
        }
        if (SymbolLookup.loaderLookup().find("cudaRuntimeGetVersion").isEmpty()) {
            throw new CudaUnavailableException(library.path() + " (found via " + library.source()
                    + ") is not a CUDA runtime library: it has no cudaRuntimeGetVersion");
        }
        return new CudaRuntime(library);
    }

    /** The file that was loaded. */
    public Path libraryPath() {
        return library.path();
    }

    /** Why that file was chosen (an option, a variable, or a search directory). */
    public String librarySource() {
        return library.source();
    }

    /** The runtime's own version; readable without a driver. */
    public CudaVersion runtimeVersion() {
        return new CudaVersion(readInt(cudart::cudaRuntimeGetVersion, "cudaRuntimeGetVersion"));
    }

    /** The installed driver's CUDA version; {@link CudaVersion#isPresent()} is false without a driver. */
    public CudaVersion driverVersion() {
        return new CudaVersion(readInt(cudart::cudaDriverGetVersion, "cudaDriverGetVersion"));
    }

    /**
     * The number of devices.
     *
     * @throws CudaException e.g. cudaErrorInsufficientDriver without a driver, cudaErrorNoDevice without a GPU
     */
    public int deviceCount() {
        return readInt(cudart::cudaGetDeviceCount, "cudaGetDeviceCount");
    }

    /**
     * A device by index, checked against the device count.
     *
     * @throws CudaException with cudaErrorInvalidDevice when the index is out of range
     */
    public CudaDevice device(int index) {
        int count = deviceCount();
        if (index < 0 || index >= count) {
            throw new CudaException("device " + index, new CudaError(cudart.cudaErrorInvalidDevice(),
                    "cudaErrorInvalidDevice", "no device with index " + index + " (this machine has " + count
                    + (count == 1 ? " device, index 0)" : " devices, indices 0-" + (count - 1) + ")")));
        }
        return new CudaDevice(index);
    }

    /** cudaMemcpyBatchAsync with the CUDA 13 signature xfer binds (CUDA 12.8's has one more parameter). */
    public boolean supportsBatchedCopies() {
        return runtimeVersion().major() >= 13 && hasSymbol("cudaMemcpyBatchAsync");
    }

    /** True when the loaded runtime exports {@code symbol} (CUDA 12 lacks some CUDA 13 calls). */
    public boolean hasSymbol(String symbol) {
        return SymbolLookup.loaderLookup().find(symbol).isPresent();
    }

    @FunctionalInterface
    interface IntOut {
        int call(MemorySegment out);
    }

    static int readInt(IntOut call, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
            Check.check(call.call(out), name);
            return out.get(ValueLayout.JAVA_INT, 0);
        }
    }
}
