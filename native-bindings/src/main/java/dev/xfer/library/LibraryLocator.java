package dev.xfer.library;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SequencedSet;
import java.util.function.Predicate;

/**
 * Finds a shared library's file, in this order:
 * <ol>
 *   <li>an explicit path (an option the caller offers), then the library's own environment
 *       variable ({@code XFER_CUDART}, {@code XFER_NVML});</li>
 *   <li>{@code $HOME_VARIABLE/lib64} where the library has one ({@code $CUDA_HOME/lib64});</li>
 *   <li>the dynamic linker's directories: {@code LD_LIBRARY_PATH}, those listed in
 *       {@code /etc/ld.so.conf} (and its includes);</li>
 *   <li>the vendor's directory ({@code /usr/local/cuda/lib64}, {@code /usr/local/nvidia/lib64}),
 *       then the usual system directories,</li>
 * </ol>
 * trying the library's names, in order of preference, in each directory. What finding nothing
 * means is the caller's: libcudart missing is an error, NVML missing is an answer.
 * <p>
 * Absolute paths are needed because the generated bindings look symbols up through
 * {@link System#load(String)}, which takes a path, not a soname.
 */
public final class LibraryLocator {
    /** Where x86-64 Linux distributions keep their libraries, after the vendor's directory. */
    static final List<Path> SYSTEM_DIRECTORIES = List.of("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
            "/usr/lib64", "/lib64", "/usr/lib", "/lib").stream().map(Path::of).toList();

    private final Map<String, String> environment;
    private final Path ldSoConf;
    private final Predicate<Path> isLoadable;

    /**
     * @param environment the process environment (a map, so tests can pass their own)
     * @param ldSoConf    the dynamic linker's configuration file, normally {@code /etc/ld.so.conf}
     * @param isLoadable  whether a candidate file exists and is readable
     */
    public LibraryLocator(Map<String, String> environment, Path ldSoConf, Predicate<Path> isLoadable) {
        this.environment = Map.copyOf(environment);
        this.ldSoConf = Objects.requireNonNull(ldSoConf, "ldSoConf");
        this.isLoadable = Objects.requireNonNull(isLoadable, "isLoadable");
    }

    /** A locator over this process's environment and file system. */
    public static LibraryLocator forThisMachine() {
        return new LibraryLocator(System.getenv(), Path.of("/etc/ld.so.conf"),
                p -> Files.isRegularFile(p) && Files.isReadable(p));
    }

    /** The dynamic linker's configuration file this locator reads, for the callers' wording. */
    public Path ldSoConf() {
        return ldSoConf;
    }

    /**
     * What one library's search looks for.
     *
     * @param names           file names to try in each directory, in order of preference
     * @param variable        the environment variable that names the file exactly ({@code XFER_CUDART})
     * @param homeVariable    a variable whose {@code lib64} is searched before the linker's directories
     *                        ({@code CUDA_HOME}), if the library has one
     * @param vendorDirectory where the library's vendor installs it, searched before the system directories
     */
    public record Library(List<String> names, String variable, Optional<String> homeVariable, Path vendorDirectory) {
        public Library {
            names = List.copyOf(names);
            if (names.isEmpty()) {
                throw new IllegalArgumentException("a library needs at least one file name");
            }
            Objects.requireNonNull(variable, "variable");
            Objects.requireNonNull(homeVariable, "homeVariable");
            Objects.requireNonNull(vendorDirectory, "vendorDirectory");
        }
    }

    /** What the search found. */
    public sealed interface Answer permits Located, NotAt, NotFound {
    }

    /** The library, and why that place was searched (an option, a variable or a directory list). */
    public record Located(Path path, String source) implements Answer {
    }

    /** An explicit path (an option or the variable) that is not a readable file: never replaced by another library. */
    public record NotAt(Path path, String source) implements Answer {
    }

    /** None of the library's names is in any directory searched. */
    public record NotFound() implements Answer {
    }

    /**
     * Finds {@code library}. An explicit path, from the caller or the environment, must exist: a
     * library the user named is never replaced silently by another.
     *
     * @param explicitPath a path the user gave, if any
     * @param explicitName how the user gave it (e.g. an option's name), for the answer's source
     */
    public Answer locate(Library library, Optional<Path> explicitPath, String explicitName) {
        if (explicitPath.isPresent()) {
            return explicit(explicitPath.get(), explicitName);
        }
        String fromEnv = environment.get(library.variable());
        if (fromEnv != null && !fromEnv.isBlank()) {
            return explicit(Path.of(fromEnv), library.variable());
        }
        for (Candidate candidate : searchPath(library)) {
            for (String name : library.names()) {
                Path path = candidate.directory().resolve(name);
                if (isLoadable.test(path)) {
                    return new Located(path.toAbsolutePath(), candidate.source());
                }
            }
        }
        return new NotFound();
    }

    private Answer explicit(Path path, String source) {
        return isLoadable.test(path) ? new Located(path.toAbsolutePath(), source) : new NotAt(path, source);
    }

    /** A directory to search, with the reason it is searched. */
    public record Candidate(Path directory, String source) {
    }

    /** The directories searched for {@code library} when no explicit path is given, in order, without repeats. */
    public List<Candidate> searchPath(Library library) {
        SequencedSet<Path> seen = new LinkedHashSet<>();
        List<Candidate> result = new ArrayList<>();
        library.homeVariable().ifPresent(variable -> {
            String home = environment.get(variable);
            if (home != null && !home.isBlank()) {
                add(result, seen, Path.of(home, "lib64"), "$" + variable + "/lib64");
            }
        });
        for (String entry : environment.getOrDefault("LD_LIBRARY_PATH", "").split(":")) {
            if (!entry.isBlank()) {
                add(result, seen, Path.of(entry), "LD_LIBRARY_PATH");
            }
        }
        for (Path directory : LdSoConf.directories(ldSoConf)) {
            add(result, seen, directory, ldSoConf.toString());
        }
        add(result, seen, library.vendorDirectory(), "system library directory");
        for (Path directory : SYSTEM_DIRECTORIES) {
            add(result, seen, directory, "system library directory");
        }
        return result;
    }

    private static void add(List<Candidate> result, SequencedSet<Path> seen, Path directory, String source) {
        if (seen.add(directory.normalize())) {
            result.add(new Candidate(directory.normalize(), source));
        }
    }
}
