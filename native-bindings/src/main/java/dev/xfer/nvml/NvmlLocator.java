package dev.xfer.nvml;

import dev.xfer.cuda.CudartLocator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SequencedSet;
import java.util.function.Predicate;

/**
 * Finds {@code libnvidia-ml.so.1}, the NVML library the NVIDIA driver installs beside itself, in
 * this order:
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

    private static final List<String> SYSTEM_DIRECTORIES = List.of(
            "/usr/local/nvidia/lib64", "/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
            "/usr/lib64", "/lib64", "/usr/lib", "/lib");

    private final Map<String, String> environment;
    private final Path ldSoConf;
    private final Predicate<Path> isLoadable;

    /**
     * @param environment the process environment (a map, so tests can pass their own)
     * @param ldSoConf    the dynamic linker's configuration file, normally {@code /etc/ld.so.conf}
     * @param isLoadable  whether a candidate file exists and is readable
     */
    public NvmlLocator(Map<String, String> environment, Path ldSoConf, Predicate<Path> isLoadable) {
        this.environment = Map.copyOf(environment);
        this.ldSoConf = ldSoConf;
        this.isLoadable = isLoadable;
    }

    /** A locator over this process's environment and file system. */
    public static NvmlLocator forThisMachine() {
        return new NvmlLocator(System.getenv(), Path.of("/etc/ld.so.conf"),
                p -> Files.isRegularFile(p) && Files.isReadable(p));
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
        if (explicitPath.isPresent()) {
            return explicit(explicitPath.get(), explicitName);
        }
        String fromEnv = environment.get("XFER_NVML");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return explicit(Path.of(fromEnv), "XFER_NVML");
        }
        for (Candidate candidate : searchPath()) {
            Path path = candidate.directory().resolve(NAME);
            if (isLoadable.test(path)) {
                return new Located(path.toAbsolutePath(), candidate.source());
            }
        }
        return new NotFound(NAME + " not found (searched LD_LIBRARY_PATH, " + ldSoConf
                + ", /usr/local/nvidia/lib64 and the system library directories): it comes with the NVIDIA driver");
    }

    /** {@link #locate(Optional, String)} with no explicit path. */
    public Result locate() {
        return locate(Optional.empty(), "");
    }

    private Result explicit(Path path, String source) {
        if (!isLoadable.test(path)) {
            return new NotFound(NAME + " not found at " + path + " (from " + source + ")");
        }
        return new Located(path.toAbsolutePath(), source);
    }

    /** A directory to search, with the reason it is searched. */
    record Candidate(Path directory, String source) {
    }

    /** The directories searched when no explicit path is given, in order, without repeats. */
    List<Candidate> searchPath() {
        SequencedSet<Path> seen = new LinkedHashSet<>();
        List<Candidate> result = new ArrayList<>();
        for (String entry : environment.getOrDefault("LD_LIBRARY_PATH", "").split(":")) {
            if (!entry.isBlank()) {
                add(result, seen, Path.of(entry), "LD_LIBRARY_PATH");
            }
        }
        for (Path directory : CudartLocator.LdSoConf.directories(ldSoConf)) {
            add(result, seen, directory, ldSoConf.toString());
        }
        for (String directory : SYSTEM_DIRECTORIES) {
            add(result, seen, Path.of(directory), "system library directory");
        }
        return result;
    }

    private static void add(List<Candidate> result, SequencedSet<Path> seen, Path directory, String source) {
        if (seen.add(directory.normalize())) {
            result.add(new Candidate(directory.normalize(), source));
        }
    }
}
