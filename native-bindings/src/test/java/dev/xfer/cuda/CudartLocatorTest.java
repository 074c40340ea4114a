package dev.xfer.cuda;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CudartLocatorTest {
    @TempDir
    Path tmp;

    private CudartLocator locator(Map<String, String> env, Set<Path> existing) {
        return new CudartLocator(env, tmp.resolve("no-ld.so.conf"), existing::contains);
    }

    @Test
    void explicitPathWinsAndMustExist() {
        Path lib = tmp.resolve("custom/libcudart.so.12");
        var found = locator(Map.of("XFER_CUDART", "/elsewhere/libcudart.so"), Set.of(lib)).locate(Optional.of(lib));
        assertEquals(lib, found.path());
        assertEquals("--cudart", found.source());

        var missing = assertThrows(CudaUnavailableException.class,
                () -> locator(Map.of(), Set.of()).locate(Optional.of(lib)));
        assertTrue(missing.getMessage().contains(lib.toString()), missing.getMessage());
        assertTrue(missing.getMessage().contains("--cudart"), missing.getMessage());
    }

    @Test
    void environmentVariableComesBeforeSearching() {
        Path lib = tmp.resolve("env/libcudart.so.13");
        Path home = tmp.resolve("cuda/lib64/libcudart.so.13");
        var found = locator(Map.of("XFER_CUDART", lib.toString(), "CUDA_HOME", tmp.resolve("cuda").toString()),
                Set.of(lib, home)).locate(Optional.empty());
        assertEquals(lib, found.path());
        assertEquals("XFER_CUDART", found.source());
    }

    @Test
    void cudaHomeBeforeLdLibraryPathAndNewestSonameFirst() {
        Path ld = tmp.resolve("ld");
        Path home = tmp.resolve("cuda");
        Set<Path> existing = Set.of(ld.resolve("libcudart.so.13"), home.resolve("lib64/libcudart.so.12"),
                home.resolve("lib64/libcudart.so"));
        var found = locator(Map.of("CUDA_HOME", home.toString(), "LD_LIBRARY_PATH", ld.toString()), existing)
                .locate(Optional.empty());
        assertEquals(home.resolve("lib64/libcudart.so.12"), found.path());
        assertEquals("$CUDA_HOME/lib64", found.source());
    }

    @Test
    void searchesTheDirectoriesLdSoConfLists() throws IOException {
        Path conf = tmp.resolve("ld.so.conf");
        Files.writeString(conf, "/opt/first\n/opt/b\n");
        Path lib = Path.of("/opt/b/libcudart.so.13");
        var found = new CudartLocator(Map.of(), conf, Set.of(lib)::contains).locate(Optional.empty());
        assertEquals(lib, found.path());
        assertEquals(conf.toString(), found.source());
    }

    @Test
    void theToolkitDirectoryComesBeforeTheSystemDirectories() {
        Path toolkit = Path.of("/usr/local/cuda/lib64/libcudart.so.12");
        Path system = Path.of("/usr/lib/x86_64-linux-gnu/libcudart.so.13");
        var found = locator(Map.of(), Set.of(toolkit, system)).locate(Optional.empty());
        assertEquals(toolkit, found.path());
        assertEquals("system library directory", found.source());
    }

    @Test
    void nothingFoundNamesWhatWasSearched() {
        var e = assertThrows(CudaUnavailableException.class, () -> locator(Map.of(), Set.of()).locate(Optional.empty()));
        assertTrue(e.getMessage().startsWith("libcudart not found"), e.getMessage());
        assertTrue(e.getMessage().contains("libcudart.so.13, libcudart.so.12, libcudart.so"), e.getMessage());
        assertTrue(e.getMessage().contains("--cudart"), e.getMessage());
    }

    /** Whatever subset of candidate files exists, the one found is the first in search order. */
    @Property(tries = 300)
    void findsTheFirstExistingCandidateInSearchOrder(@ForAll @Size(max = 12) List<Boolean> present) {
        Map<String, String> env = new HashMap<>();
        env.put("CUDA_HOME", "/h");
        env.put("LD_LIBRARY_PATH", "/l1:/l2");
        CudartLocator probe = new CudartLocator(env, Path.of("/nonexistent/ld.so.conf"), p -> false);
        List<Path> order = probe.searchPath().stream().limit(4)
                .flatMap(c -> CudartLocator.NAMES.stream().map(n -> c.directory().resolve(n))).toList();
        Set<Path> existing = new HashSet<>();
        for (int i = 0; i < present.size(); i++) {
            if (present.get(i)) {
                existing.add(order.get(i));
            }
        }
        CudartLocator locator = new CudartLocator(env, Path.of("/nonexistent/ld.so.conf"), existing::contains);
        Optional<Path> expected = order.stream().filter(existing::contains).findFirst();
        if (expected.isPresent()) {
            assertEquals(expected.get(), locator.locate(Optional.empty()).path());
        } else {
            assertThrows(CudaUnavailableException.class, () -> locator.locate(Optional.empty()));
        }
    }
}
