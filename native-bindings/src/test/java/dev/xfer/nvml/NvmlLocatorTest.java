package dev.xfer.nvml;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NvmlLocatorTest {
    @TempDir
    Path tmp;

    private NvmlLocator locator(Map<String, String> env, Set<Path> existing) {
        return new NvmlLocator(env, tmp.resolve("no-ld.so.conf"), existing::contains);
    }

    @Test
    void explicitPathWinsOverTheEnvironmentAndMustExist() {
        Path lib = tmp.resolve("custom/libnvidia-ml.so.1");
        var found = assertInstanceOf(NvmlLocator.Located.class,
                locator(Map.of("XFER_NVML", "/elsewhere/libnvidia-ml.so.1"), Set.of(lib))
                        .locate(Optional.of(lib), "--nvml"));
        assertEquals(lib, found.path());
        assertEquals("--nvml", found.source());

        var missing = assertInstanceOf(NvmlLocator.NotFound.class,
                locator(Map.of(), Set.of(tmp.resolve("libnvidia-ml.so.1"))).locate(Optional.of(lib), "--nvml"));
        assertTrue(missing.reason().contains(lib.toString()), missing.reason());
        assertTrue(missing.reason().contains("--nvml"), missing.reason());
    }

    @Test
    void environmentVariableComesBeforeSearchingAndIsNotReplacedWhenMissing() {
        Path lib = tmp.resolve("env/libnvidia-ml.so.1");
        Path ld = tmp.resolve("ld");
        var found = assertInstanceOf(NvmlLocator.Located.class,
                locator(Map.of("XFER_NVML", lib.toString(), "LD_LIBRARY_PATH", ld.toString()),
                        Set.of(lib, ld.resolve(NvmlLocator.NAME))).locate());
        assertEquals(lib, found.path());
        assertEquals("XFER_NVML", found.source());

        var bogus = assertInstanceOf(NvmlLocator.NotFound.class,
                locator(Map.of("XFER_NVML", "/no/such/libnvidia-ml.so.1", "LD_LIBRARY_PATH", ld.toString()),
                        Set.of(ld.resolve(NvmlLocator.NAME))).locate());
        assertTrue(bogus.reason().contains("/no/such/libnvidia-ml.so.1 (from XFER_NVML)"), bogus.reason());
    }

    @Test
    void ldLibraryPathThenLdSoConfThenTheDriverDirectoryThenTheSystem() throws IOException {
        Path conf = tmp.resolve("ld.so.conf");
        Files.writeString(conf, "/opt/conf\n");
        Path ld = tmp.resolve("ld");
        Path fromLd = ld.resolve(NvmlLocator.NAME);
        Path fromConf = Path.of("/opt/conf", NvmlLocator.NAME);
        Path driver = Path.of("/usr/local/nvidia/lib64", NvmlLocator.NAME);
        Path system = Path.of("/usr/lib/x86_64-linux-gnu", NvmlLocator.NAME);
        Map<String, String> env = Map.of("LD_LIBRARY_PATH", ld + ":");

        assertEquals(new NvmlLocator.Located(fromLd, "LD_LIBRARY_PATH"),
                new NvmlLocator(env, conf, Set.of(fromLd, fromConf, driver, system)::contains).locate());
        assertEquals(new NvmlLocator.Located(fromConf, conf.toString()),
                new NvmlLocator(env, conf, Set.of(fromConf, driver, system)::contains).locate());
        assertEquals(new NvmlLocator.Located(driver, "system library directory"),
                new NvmlLocator(env, conf, Set.of(driver, system)::contains).locate());
        assertEquals(new NvmlLocator.Located(system, "system library directory"),
                new NvmlLocator(env, conf, Set.of(system)::contains).locate());
    }

    @Test
    void onlyTheDriversSonameIsTaken() {
        // libnvidia-ml.so is a development link, and in a CUDA toolkit's stubs a library that fails every call.
        Path ld = tmp.resolve("ld");
        var result = locator(Map.of("LD_LIBRARY_PATH", ld.toString()), Set.of(ld.resolve("libnvidia-ml.so")))
                .locate();
        assertInstanceOf(NvmlLocator.NotFound.class, result);
    }

    @Test
    void nothingFoundNamesWhatWasSearched() {
        var notFound = assertInstanceOf(NvmlLocator.NotFound.class, locator(Map.of(), Set.of()).locate());
        assertTrue(notFound.reason().startsWith("libnvidia-ml.so.1 not found"), notFound.reason());
        assertTrue(notFound.reason().contains("LD_LIBRARY_PATH"), notFound.reason());
        assertTrue(notFound.reason().contains("/usr/local/nvidia/lib64"), notFound.reason());
    }
}
