package dev.xfer.nvml;

import dev.xfer.cuda.CudartLocator;
import dev.xfer.library.LibraryLocator;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Finds {@code libnvidia-ml.so.1}, the NVML library the NVIDIA driver installs beside itself,
 * through {@link LibraryLocator}'s search:
 * <ol>
 *   <li>an explicit path (an option the caller offers), then the {@code XFER_NVML} environment variable;</li>
 *   <li>the dynamic linker's directories: {@code LD_LIBRARY_PATH}, those listed in
 *       {@code /etc/ld.so.conf} (and its includes);</li>
 *   <li>{@code /usr/local/nvidia/lib64} (where container and VM images mount the driver's
 *       libraries), then the usual system directories.</li>
 * </ol>
 * Only the driver's soname is tried: the unversioned {@code libnvidia-ml.so} is a development
 * link, and in a CUDA toolkit a stub that fails every call.
 * <p>
 * Unlike {@link CudartLocator}, finding nothing is an answer, not an error: NVML is evidence
 * about a run, and a run without it still measures.
 */
public final class NvmlLocator {
    /** The soname the driver installs. */
    public static final String NAME = "libnvidia-ml.so.1";

    /** What the search looks for. */
    static final LibraryLocator.Library LIBNVIDIA_ML = new LibraryLocator.Library(List.of(NAME), "XFER_NVML",
            Optional.empty(), Path.of("/usr/local/nvidia/lib64"));

    private final LibraryLocator locator;

    /**
     * @param environment the process environment (a map, so tests can pass their own)
     * @param ldSoConf    the dynamic linker's configuration file, normally {@code /etc/ld.so.conf}
     * @param isLoadable  whether a candidate file exists and is readable
     */
    public NvmlLocator(Map<String, String> environment, Path ldSoConf, Predicate<Path> isLoadable) {
        this(new LibraryLocator(environment, ldSoConf, isLoadable));
    }

    private NvmlLocator(LibraryLocator locator) {
        this.locator = locator;
    }

    /** A locator over this process's environment and file system. */
    public static NvmlLocator forThisMachine() {
        return new NvmlLocator(LibraryLocator.forThisMachine());
    }

    /** What the search found: the library with the reason it was looked for there, or why nothing was. */
    public sealed interface Result {
    }

    /** The library, and why that place was searched (an option, a variable or a directory list). */
    public record Located(Path path, String source) implements Result {
    }

    /** Nothing usable was found; {@code reason} says what was searched. */
    public record NotFound(String reason) implements Result {
    }

    /**
     * Finds libnvidia-ml. An explicit path, from the caller or the environment, must exist: it is
     * never replaced silently by another library.
     *
     * @param explicitPath a path the user gave, if any
     * @param explicitName how the user gave it (e.g. an option's name), for the answer's wording
     */
    public Result locate(Optional<Path> explicitPath, String explicitName) {
        return switch (locator.locate(LIBNVIDIA_ML, explicitPath, explicitName)) {
            case LibraryLocator.Located found -> new Located(found.path(), found.source());
            case LibraryLocator.NotAt notAt -> new NotFound(NAME + " not found at " + notAt.path()
                    + " (from " + notAt.source() + ")");
            case LibraryLocator.NotFound _ -> new NotFound(NAME + " not found (searched LD_LIBRARY_PATH, "
                    + locator.ldSoConf() + ", /usr/local/nvidia/lib64 and the system library directories):"
                    + " it comes with the NVIDIA driver");
        };
    }

    /** {@link #locate(Optional, String)} with no explicit path. */
    public Result locate() {
        return locate(Optional.empty(), "");
    }
}
