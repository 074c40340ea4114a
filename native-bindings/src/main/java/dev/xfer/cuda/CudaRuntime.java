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
        // Checked before System.load: HotSpot warns on stderr about the stack guard of any file
        // whose ELF header does not forbid an executable stack, a text file too, before the
        // load fails; the user would get the JVM's two lines before xfer's one.
        notASharedLibrary(library.path()).ifPresent(why -> {
            throw new CudaUnavailableException("cannot load " + library.path() + " (found via " + library.source()
                    + "): " + why + ": pass --cudart with a libcudart.so for this machine");
        });
        try {
            System.load(library.path().toString());
        } catch (UnsatisfiedLinkError e) {
            throw new CudaUnavailableException("cannot load " + library.path() + " (found via " + library.source()
                    + "): " + loaderReason(e.getMessage())
                    + ": pass --cudart with a libcudart.so for this machine", e);
        }
        if (SymbolLookup.loaderLookup().find("cudaRuntimeGetVersion").isEmpty()) {
            throw new CudaUnavailableException(library.path() + " (found via " + library.source()
                    + ") is not a CUDA runtime library: it has no cudaRuntimeGetVersion");
        }
        return new CudaRuntime(library);
    }

    private static final int ELF_HEADER_START = 18; // e_ident (16 bytes) and e_type (2)
    private static final int ET_DYN = 3;

    /**
     * Why {@code file} is not a shared library by its first bytes: no ELF magic, or an ELF file of
     * another type (an executable, an object file). Empty when it looks like one, or cannot be
     * read (System.load then says why).
     */
    static Optional<String> notASharedLibrary(Path file) {
        byte[] head;
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            head = in.readNBytes(ELF_HEADER_START);
        } catch (java.io.IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
        if (head.length < 4 || head[0] != 0x7f || head[1] != 'E' || head[2] != 'L' || head[3] != 'F') {
            return Optional.of("not a shared library (no ELF header)");
        }
        if (head.length < ELF_HEADER_START) {
            return Optional.of("not a shared library (a truncated ELF header)");
        }
        // e_type in the file's own byte order: EI_DATA 1 is little-endian, 2 big-endian.
        int type = head[5] == 2 ? (head[16] & 0xff) << 8 | head[17] & 0xff : head[17] << 8 & 0xff00 | head[16] & 0xff;
        if (type != ET_DYN) {
            return Optional.of("an ELF file but not a shared library (type " + type + ")");
        }
        return Optional.empty();
    }

    // dlerror's text repeats the path, links followed ("/usr/bin/x: /usr/bin/x: file too short");
    // the message names the file already.
    static String loaderReason(String message) {
        String text = message == null ? "the dynamic loader refused it" : message;
        for (String rest = text.replaceFirst("^/[^:]*: ", ""); !rest.equals(text) && !rest.isBlank();
             rest = text.replaceFirst("^/[^:]*: ", "")) {
            text = rest;
        }
        return text;
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
        return batchedCopiesMissing().isEmpty();
    }

    /** Why this runtime has no cudaMemcpyBatchAsync that xfer can call ({@link BatchedCopySupport}); empty when it has. */
    public Optional<String> batchedCopiesMissing() {
        return BatchedCopySupport.missing(runtimeVersion(), this::hasSymbol);
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
