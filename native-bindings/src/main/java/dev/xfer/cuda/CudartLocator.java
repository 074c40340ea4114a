package dev.xfer.cuda;

import dev.xfer.library.LibraryLocator;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Finds the libcudart shared library to load, through {@link LibraryLocator}'s search:
 * {@code --cudart PATH}, then {@code XFER_CUDART}; {@code $CUDA_HOME/lib64}; {@code LD_LIBRARY_PATH}
 * and {@code /etc/ld.so.conf}; {@code /usr/local/cuda/lib64}, then the system directories, trying
 * {@code libcudart.so.13}, {@code libcudart.so.12}, {@code libcudart.so} in each directory.
 * Finding nothing is an error: xfer measures nothing without it.
 */
public final class CudartLocator {
    /** Sonames in order of preference: the runtime xfer is built against first. */
    public static final List<String> NAMES = List.of("libcudart.so.13", "libcudart.so.12", "libcudart.so");

    /** What the search looks for. */
    static final LibraryLocator.Library LIBCUDART = new LibraryLocator.Library(NAMES, "XFER_CUDART",
            Optional.of("CUDA_HOME"), Path.of("/usr/local/cuda/lib64"));

    private final LibraryLocator locator;

    /**
     * @param environment the process environment (a map, so tests can pass their own)
     * @param ldSoConf    the dynamic linker's configuration file, normally {@code /etc/ld.so.conf}
     * @param isLoadable  whether a candidate file exists and is readable
     */
    public CudartLocator(Map<String, String> environment, Path ldSoConf, Predicate<Path> isLoadable) {
        this(new LibraryLocator(environment, ldSoConf, isLoadable));
    }

    private CudartLocator(LibraryLocator locator) {
        this.locator = locator;
    }

    /** A locator over this process's environment and file system. */
    public static CudartLocator forThisMachine() {
        return new CudartLocator(LibraryLocator.forThisMachine());
    }

    /** Where the library was found and why that place was searched. */
    public record Located(Path path, String source) {
    }

    /**
     * Finds libcudart. An explicit path, from the option or the environment, must exist: xfer
     * never falls back silently from a library the user named.
     *
     * @throws CudaUnavailableException when nothing is found, naming what was searched
     */
    public Located locate(Optional<Path> explicitPath) {
        return switch (locator.locate(LIBCUDART, explicitPath, "--cudart")) {
            case LibraryLocator.Located found -> new Located(found.path(), found.source());
            case LibraryLocator.NotAt notAt -> throw new CudaUnavailableException("libcudart not found at "
                    + notAt.path() + " (from " + notAt.source() + "): give the path of an existing libcudart.so file");
            case LibraryLocator.NotFound _ -> throw new CudaUnavailableException(
                    "libcudart not found (searched $CUDA_HOME/lib64, LD_LIBRARY_PATH, /etc/ld.so.conf and the system"
                            + " library directories for " + String.join(", ", NAMES)
                            + "): install the CUDA runtime 12.x or 13.x, or pass --cudart PATH / set XFER_CUDART");
        };
    }

    /** The directories searched when no explicit path is given, in order. */
    List<LibraryLocator.Candidate> searchPath() {
        return locator.searchPath(LIBCUDART);
    }
}
