package dev.xfer.library;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one search both native libraries run, with a made-up library so nothing here is libcudart's or NVML's. */
class LibraryLocatorTest {
    private static final LibraryLocator.Library LIBFOO = new LibraryLocator.Library(
            List.of("libfoo.so.2", "libfoo.so"), "XFER_FOO", Optional.of("FOO_HOME"), Path.of("/opt/foo/lib64"));
    private static final LibraryLocator.Library LIBBAR = new LibraryLocator.Library(
            List.of("libbar.so.1"), "XFER_BAR", Optional.empty(), Path.of("/opt/bar/lib"));

    @TempDir
    Path tmp;

    private LibraryLocator locator(Map<String, String> env, Set<Path> existing) {
        return new LibraryLocator(env, tmp.resolve("no-ld.so.conf"), existing::contains);
    }

    @Test
    void anExplicitPathWinsAndIsNeverReplaced() {
        Path lib = tmp.resolve("mine/libfoo.so.2");
        Path other = Path.of("/opt/foo/lib64/libfoo.so.2");
        assertEquals(new LibraryLocator.Located(lib, "--foo"),
                locator(Map.of("XFER_FOO", other.toString()), Set.of(lib, other)).locate(LIBFOO, Optional.of(lib), "--foo"));
        assertEquals(new LibraryLocator.NotAt(lib, "--foo"),
                locator(Map.of(), Set.of(other)).locate(LIBFOO, Optional.of(lib), "--foo"));
    }

    @Test
    void theLibrarysOwnVariableComesBeforeSearchingAndIsNeverReplaced() {
        Path lib = tmp.resolve("env/libfoo.so");
        Path other = Path.of("/opt/foo/lib64/libfoo.so.2");
        assertEquals(new LibraryLocator.Located(lib, "XFER_FOO"),
                locator(Map.of("XFER_FOO", lib.toString()), Set.of(lib, other)).locate(LIBFOO, Optional.empty(), ""));
        assertEquals(new LibraryLocator.NotAt(Path.of("/no/such/libfoo.so"), "XFER_FOO"),
                locator(Map.of("XFER_FOO", "/no/such/libfoo.so"), Set.of(other)).locate(LIBFOO, Optional.empty(), ""));
        // Another library's variable is not this one's.
        assertEquals(new LibraryLocator.NotFound(),
                locator(Map.of("XFER_FOO", lib.toString()), Set.of(lib)).locate(LIBBAR, Optional.empty(), ""));
    }

    @Test
    void theSearchPathInOrderWithoutRepeats() throws IOException {
        Path conf = tmp.resolve("ld.so.conf");
        Files.writeString(conf, "/opt/conf\n/usr/lib64\n");
        var locator = new LibraryLocator(Map.of("FOO_HOME", "/foo", "LD_LIBRARY_PATH", "/l1::/l2:/l1/"), conf, p -> false);
        List<LibraryLocator.Candidate> path = locator.searchPath(LIBFOO);
        assertEquals(List.of(new LibraryLocator.Candidate(Path.of("/foo/lib64"), "$FOO_HOME/lib64"),
                new LibraryLocator.Candidate(Path.of("/l1"), "LD_LIBRARY_PATH"),
                new LibraryLocator.Candidate(Path.of("/l2"), "LD_LIBRARY_PATH"),
                new LibraryLocator.Candidate(Path.of("/opt/conf"), conf.toString()),
                new LibraryLocator.Candidate(Path.of("/usr/lib64"), conf.toString()),
                new LibraryLocator.Candidate(Path.of("/opt/foo/lib64"), "system library directory"),
                new LibraryLocator.Candidate(Path.of("/usr/lib/x86_64-linux-gnu"), "system library directory")),
                path.subList(0, 7));
        assertEquals(path.size(), new HashSet<>(path.stream().map(LibraryLocator.Candidate::directory).toList()).size(),
                "no directory twice");

        // No home variable: the linker's directories come first; the vendor's directory is this library's own.
        List<LibraryLocator.Candidate> bar = locator.searchPath(LIBBAR);
        assertEquals(new LibraryLocator.Candidate(Path.of("/l1"), "LD_LIBRARY_PATH"), bar.getFirst());
        assertEquals(Path.of("/opt/bar/lib"), bar.get(4).directory());
        assertEquals(false, bar.stream().anyMatch(c -> c.directory().equals(Path.of("/opt/foo/lib64"))));
    }

    @Test
    void readsLdSoConfWithIncludes() throws IOException {
        Path conf = tmp.resolve("ld.so.conf");
        Path confDir = Files.createDirectories(tmp.resolve("ld.so.conf.d"));
        Files.writeString(conf, "# comment\ninclude " + confDir + "/*.conf\n/opt/first\n");
        Files.writeString(confDir.resolve("b.conf"), "/opt/b  # trailing comment\n");
        Files.writeString(confDir.resolve("a.conf"), "/opt/a\n\n");
        Files.writeString(confDir.resolve("ignored.txt"), "/opt/never\n");
        assertEquals(List.of(Path.of("/opt/a"), Path.of("/opt/b"), Path.of("/opt/first")), LdSoConf.directories(conf));
        assertEquals(List.of(), LdSoConf.directories(tmp.resolve("missing.conf")));
    }

    @Test
    void aLibraryHasAName() {
        assertThrows(IllegalArgumentException.class,
                () -> new LibraryLocator.Library(List.of(), "XFER_FOO", Optional.empty(), Path.of("/opt")));
    }

    /** Whatever subset of candidate files exists, the one found is the first in search order, names in preference order. */
    @Property(tries = 300)
    void findsTheFirstExistingCandidateInSearchOrder(@ForAll @Size(max = 12) List<Boolean> present) {
        Map<String, String> env = Map.of("FOO_HOME", "/h", "LD_LIBRARY_PATH", "/l1:/l2");
        Path conf = Path.of("/nonexistent/ld.so.conf");
        List<Path> order = new LibraryLocator(env, conf, p -> false).searchPath(LIBFOO).stream().limit(6)
                .flatMap(c -> LIBFOO.names().stream().map(n -> c.directory().resolve(n))).toList();
        Set<Path> existing = new HashSet<>();
        for (int i = 0; i < present.size(); i++) {
            if (present.get(i)) {
                existing.add(order.get(i));
            }
        }
        Optional<Path> expected = order.stream().filter(existing::contains).findFirst();
        LibraryLocator.Answer found = new LibraryLocator(env, conf, existing::contains).locate(LIBFOO, Optional.empty(), "");
        assertEquals(expected.<LibraryLocator.Answer>map(p -> new LibraryLocator.Located(p, sourceOf(p)))
                .orElse(new LibraryLocator.NotFound()), found);
    }

    private static String sourceOf(Path lib) {
        return lib.startsWith("/h") ? "$FOO_HOME/lib64" : lib.startsWith("/l1") || lib.startsWith("/l2")
                ? "LD_LIBRARY_PATH" : "system library directory";
    }
}
