package dev.xfer.cuda;

import java.io.IOException;
import java.nio.file.DirectoryStream;
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
 * Finds the libcudart shared library to load, in this order:
 * <ol>
 *   <li>an explicit path ({@code --cudart PATH}), then the {@code XFER_CUDART} environment variable;</li>
 *   <li>{@code $CUDA_HOME/lib64};</li>
 *   <li>the dynamic linker's directories: {@code LD_LIBRARY_PATH}, those listed in
 *       {@code /etc/ld.so.conf} (and its includes), then the usual system directories,</li>
 * </ol>
 * trying {@code libcudart.so.13}, {@code libcudart.so.12}, {@code libcudart.so} in each directory.
 * <p>
 * Absolute paths are needed because the generated bindings look symbols up through
 * {@link System#load(String)}, which takes a path, not a soname.
 */
public final class CudartLocator {
    /** Sonames in order of preference: the runtime xfer is built against first. */
    public static final List<String> NAMES = List.of("libcudart.so.13", "libcudart.so.12", "libcudart.so");

    private static final List<String> SYSTEM_DIRECTORIES = List.of(
            "/usr/local/cuda/lib64", "/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
            "/usr/lib64", "/lib64", "/usr/lib", "/lib");

    private final Map<String, String> environment;
    private final Path ldSoConf;
    private final Predicate<Path> isLoadable;

    /**
     * @param environment the process environment (a map, so tests can pass their own)
     * @param ldSoConf    the dynamic linker's configuration file, normally {@code /etc/ld.so.conf}
     * @param isLoadable  whether a candidate file exists and is readable
     */
    public CudartLocator(Map<String, String> environment, Path ldSoConf, Predicate<Path> isLoadable) {
        this.environment = Map.copyOf(environment);
        this.ldSoConf = ldSoConf;
        this.isLoadable = isLoadable;
    }

    /** A locator over this process's environment and file system. */
    public static CudartLocator forThisMachine() {
        return new CudartLocator(System.getenv(), Path.of("/etc/ld.so.conf"),
                p -> Files.isRegularFile(p) && Files.isReadable(p));
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
        if (explicitPath.isPresent()) {
            return explicit(explicitPath.get(), "--cudart");
        }
        String fromEnv = environment.get("XFER_CUDART");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return explicit(Path.of(fromEnv), "XFER_CUDART");
        }
        for (Candidate candidate : searchPath()) {
            for (String name : NAMES) {
                Path path = candidate.directory().resolve(name);
                if (isLoadable.test(path)) {
                    return new Located(path.toAbsolutePath(), candidate.source());
                }
            }
        }
        throw new CudaUnavailableException(
                "libcudart not found (searched $CUDA_HOME/lib64, LD_LIBRARY_PATH, /etc/ld.so.conf and the system"
                        + " library directories for " + String.join(", ", NAMES)
                        + "): install the CUDA runtime 12.x or 13.x, or pass --cudart PATH / set XFER_CUDART");
    }

    private Located explicit(Path path, String source) {
        if (!isLoadable.test(path)) {
            throw new CudaUnavailableException("libcudart not found at " + path + " (from " + source
                    + "): give the path of an existing libcudart.so file");
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
        String cudaHome = environment.get("CUDA_HOME");
        if (cudaHome != null && !cudaHome.isBlank()) {
            add(result, seen, Path.of(cudaHome, "lib64"), "$CUDA_HOME/lib64");
        }
        String ldLibraryPath = environment.getOrDefault("LD_LIBRARY_PATH", "");
        for (String entry : ldLibraryPath.split(":")) {
            if (!entry.isBlank()) {
                add(result, seen, Path.of(entry), "LD_LIBRARY_PATH");
            }
        }
        for (Path directory : LdSoConf.directories(ldSoConf)) {
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

    /**
     * Reads the directories listed in ld.so.conf, following its {@code include} globs. Public for
     * {@code dev.xfer.nvml.NvmlLocator}, which searches the same directories for libnvidia-ml.
     */
    public static final class LdSoConf {
        private LdSoConf() {
        }

        /** The directories {@code conf} lists, in order; none when it is missing or unreadable. */
        public static List<Path> directories(Path conf) {
            List<Path> out = new ArrayList<>();
            read(conf, out, 0);
            return out;
        }

        private static void read(Path conf, List<Path> out, int depth) {
            if (depth > 8 || !Files.isReadable(conf)) {
                return;
            }
            List<String> lines;
            try {
                lines = Files.readAllLines(conf);
            } catch (IOException e) {
                return;
            }
            for (String raw : lines) {
                String line = raw.replaceFirst("#.*", "").strip();
                if (line.isEmpty()) {
                    continue;
                }
                if (line.startsWith("include ")) {
                    for (Path included : glob(conf.getParent(), line.substring("include ".length()).strip())) {
                        read(included, out, depth + 1);
                    }
                } else if (line.startsWith("/")) {
                    out.add(Path.of(line));
                }
            }
        }

        private static List<Path> glob(Path base, String pattern) {
            Path full = base == null ? Path.of(pattern) : base.resolve(pattern);
            Path directory = full.getParent();
            List<Path> matches = new ArrayList<>();
            if (directory == null || !Files.isDirectory(directory)) {
                return matches;
            }
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, full.getFileName().toString())) {
                stream.forEach(matches::add);
            } catch (IOException e) {
                return matches;
            }
            matches.sort(null);
            return matches;
        }
    }
}
