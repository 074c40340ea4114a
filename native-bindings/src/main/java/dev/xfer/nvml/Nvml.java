package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;
import dev.xfer.nvml.generated.nvmlConfComputeSystemState_st;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * An open NVML session: {@code nvmlInit_v2} on open, {@code nvmlShutdown} on close (NVML counts
 * them, so sessions may overlap). Obtained through {@link #open}, which never throws: a machine
 * without NVML gets {@link NvmlAvailability.Unavailable} with the reason.
 */
public final class Nvml implements AutoCloseable {
    private final NvmlLocator.Located library;
    private boolean open = true;

    private Nvml(NvmlLocator.Located library) {
        this.library = library;
    }

    /** Opens NVML from wherever {@link NvmlLocator} finds it on this machine. */
    public static NvmlAvailability open() {
        return open(NvmlLocator.forThisMachine().locate());
    }

    /**
     * Opens NVML from {@code where}: loads the library, checks that it is NVML and initializes it.
     * Each step that fails gives {@link NvmlAvailability.Unavailable} naming the step.
     */
    public static NvmlAvailability open(NvmlLocator.Result where) {
        return switch (where) {
            case NvmlLocator.NotFound notFound -> new NvmlAvailability.Unavailable(notFound.reason());
            case NvmlLocator.Located located -> open(located);
        };
    }

    // Restricted by design: loading a native library is what this class is for.
    @SuppressWarnings("restricted")
    private static NvmlAvailability open(NvmlLocator.Located library) {
        try {
            System.load(library.path().toString());
        } catch (UnsatisfiedLinkError e) {
            return new NvmlAvailability.Unavailable("cannot load " + library.path() + " (found via "
                    + library.source() + "): " + loaderWords(e.getMessage(), library.path()));
        }
        // The generated bindings look symbols up through this class loader's libraries.
        if (SymbolLookup.loaderLookup().find("nvmlInit_v2").isEmpty()) {
            return new NvmlAvailability.Unavailable(library.path() + " (found via " + library.source()
                    + ") is not NVML: it has no nvmlInit_v2");
        }
        int rc = nvml.nvmlInit_v2();
        if (rc != NvmlReturn.SUCCESS) {
            return new NvmlAvailability.Unavailable("nvmlInit_v2: " + NvmlCheck.describe(rc)
                    + " (" + library.path() + ")");
        }
        return new NvmlAvailability.Available(new Nvml(library));
    }

    /** dlopen's error without the path the JVM and dlerror each put in front of it. */
    static String loaderWords(String message, Path path) {
        String prefix = path + ": ";
        String words = message == null ? "" : message;
        while (words.startsWith(prefix)) {
            words = words.substring(prefix.length());
        }
        return words;
    }

    /** The file that was loaded. */
    public Path libraryPath() {
        return library.path();
    }

    /** Why that file was chosen (a variable, or a search directory). */
    public String librarySource() {
        return library.source();
    }

    /** The driver's version, e.g. {@code 580.159.04}. */
    public String driverVersion() {
        return NvmlCheck.readString("nvmlSystemGetDriverVersion", nvml.NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE(),
                nvml::nvmlSystemGetDriverVersion);
    }

    /** NVML's own version, e.g. {@code 13.580.159.04}. */
    public String nvmlVersion() {
        return NvmlCheck.readString("nvmlSystemGetNVMLVersion", nvml.NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE(),
                nvml::nvmlSystemGetNVMLVersion);
    }

    /**
     * The system's Confidential Computing state ({@code nvmlSystemGetConfComputeState}).
     *
     * @throws NvmlException naming the call and its code: {@code NVML_ERROR_FUNCTION_NOT_FOUND} from
     *                       a driver older than CC (before r535), {@code NVML_ERROR_NOT_SUPPORTED} where
     *                       the system has no CC; callers read either as unknown, never a failure
     */
    public ConfidentialComputing confidentialComputing() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = nvmlConfComputeSystemState_st.allocate(arena);
            NvmlCheck.call("nvmlSystemGetConfComputeState", () -> nvml.nvmlSystemGetConfComputeState(state));
            return ConfidentialComputing.of(nvmlConfComputeSystemState_st.environment(state),
                    nvmlConfComputeSystemState_st.ccFeature(state), nvmlConfComputeSystemState_st.devToolsMode(state));
        }
    }

    /**
     * Whether the GPUs accept work under Confidential Computing ({@code nvmlSystemGetConfComputeGpusReadyState}):
     * with CC on, a GPU takes work only once it was attested and set ready.
     *
     * @throws NvmlException as {@link #confidentialComputing()}
     */
    public boolean confidentialComputingGpusReady() {
        return ConfidentialComputing.accepting(NvmlCheck.readInt("nvmlSystemGetConfComputeGpusReadyState",
                nvml::nvmlSystemGetConfComputeGpusReadyState));
    }

    /** The number of GPUs NVML sees (all of the host's, whatever CUDA_VISIBLE_DEVICES says). */
    public int deviceCount() {
        return NvmlCheck.readInt("nvmlDeviceGetCount_v2", nvml::nvmlDeviceGetCount_v2);
    }

    /** A GPU by NVML's index (the host's order, which need not be CUDA's). */
    public NvmlDevice device(int index) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            String call = "nvmlDeviceGetHandleByIndex_v2(" + index + ")";
            NvmlCheck.call(call, () -> nvml.nvmlDeviceGetHandleByIndex_v2(index, out));
            return new NvmlDevice(this, out.get(ValueLayout.ADDRESS, 0), "GPU index " + index);
        }
    }

    /**
     * A GPU by its PCI bus id, in the form CUDA gives it ({@code cudaDeviceGetPCIBusId}, e.g.
     * {@code 0000:00:06.0}) or NVML's ({@code 00000000:00:06.0}): the way to pair a CUDA device
     * with its NVML readings whatever either numbers it.
     */
    public NvmlDevice deviceByPciBusId(String busId) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment id = arena.allocateFrom(busId);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            NvmlCheck.call("nvmlDeviceGetHandleByPciBusId_v2(" + busId + ")",
                    () -> nvml.nvmlDeviceGetHandleByPciBusId_v2(id, out));
            return new NvmlDevice(this, out.get(ValueLayout.ADDRESS, 0), "GPU " + busId);
        }
    }

    /**
     * A process's name, or empty when NVML cannot read it (another user's process without
     * permission, or one that has exited): a name is a courtesy, the pid is the evidence.
     */
    public String processName(int pid) {
        // Linux names are at most 4096 bytes with their path.
        try {
            return NvmlCheck.readString("nvmlSystemGetProcessName(" + pid + ")", 4096,
                    (buffer, length) -> nvml.nvmlSystemGetProcessName(pid, buffer, length));
        } catch (NvmlException e) {
            return "";
        }
    }

    /** Whether this session is still open. */
    public boolean isOpen() {
        return open;
    }

    /**
     * Shuts this session's NVML down; closing twice does nothing.
     *
     * @throws NvmlException when nvmlShutdown fails
     */
    @Override
    public void close() {
        if (open) {
            open = false;
            NvmlCheck.call("nvmlShutdown", nvml::nvmlShutdown);
        }
    }

    @Override
    public String toString() {
        return "NVML from " + library.path() + " (" + library.source() + ")";
    }
}
