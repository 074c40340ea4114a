package dev.xfer.nvml;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opening NVML where it is missing or broken gives {@code unavailable: <reason>} and never throws:
 * evidence says what it could not read, and the run goes on.
 */
class NvmlUnavailableTest {
    @TempDir
    Path tmp;

    @Test
    void aMissingLibraryIsUnavailableWithTheSearchAsItsReason() {
        var locator = new NvmlLocator(Map.of("LD_LIBRARY_PATH", tmp.toString()), tmp.resolve("no-ld.so.conf"),
                p -> false);
        var unavailable = assertInstanceOf(NvmlAvailability.Unavailable.class,
                assertDoesNotThrow(() -> Nvml.open(locator.locate())));
        assertTrue(unavailable.reason().startsWith("libnvidia-ml.so.1 not found"), unavailable.reason());
        assertEquals("unavailable: " + unavailable.reason(), unavailable.toString());
    }

    @Test
    void aBogusPathIsUnavailableNamingThePath() {
        Path bogus = tmp.resolve("nowhere/libnvidia-ml.so.1");
        var located = NvmlLocator.forThisMachine().locate(Optional.of(bogus), "--nvml");
        var unavailable = assertInstanceOf(NvmlAvailability.Unavailable.class,
                assertDoesNotThrow(() -> Nvml.open(located)));
        assertTrue(unavailable.reason().contains(bogus.toString()), unavailable.reason());
    }

    @Test
    void aFileThatIsNoLibraryIsUnavailableWithTheLoadersText() throws IOException {
        // An executable, not a shared library: dlopen refuses it. (A file that is not ELF at all
        // would be refused too, but makes the JVM warn about its stack guard on the way.)
        Path executable = Stream.of("/bin/true", "/usr/bin/true").map(Path::of).filter(Files::isRegularFile)
                .findFirst().orElse(null);
        assumeTrue(executable != null, "no /bin/true to stand in for a file that is no library");
        Path notLibrary = Files.copy(executable, tmp.resolve(NvmlLocator.NAME));
        var unavailable = assertInstanceOf(NvmlAvailability.Unavailable.class,
                assertDoesNotThrow(() -> Nvml.open(new NvmlLocator.Located(notLibrary, "XFER_NVML"))));
        String prefix = "cannot load " + notLibrary + " (found via XFER_NVML): ";
        assertTrue(unavailable.reason().startsWith(prefix), unavailable.reason());
        // dlopen's own words follow, without the path again in front of them.
        String words = unavailable.reason().substring(prefix.length());
        assertTrue(words.length() > 5, unavailable.reason());
        assertFalse(words.contains(notLibrary.toString()), unavailable.reason());
    }

    @Test
    void aLibraryThatIsNotNvmlIsUnavailable() {
        Path zlib = Stream.of("/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1",
                        "/usr/lib64/libz.so.1").map(Path::of).filter(Files::isRegularFile).findFirst().orElse(null);
        assumeTrue(zlib != null, "no libz.so.1 to stand in for a library that is not NVML");
        assumeTrue(SymbolLookup.loaderLookup().find("nvmlInit_v2").isEmpty(), "a real NVML is loaded in this JVM");
        var unavailable = assertInstanceOf(NvmlAvailability.Unavailable.class,
                assertDoesNotThrow(() -> Nvml.open(new NvmlLocator.Located(zlib, "XFER_NVML"))));
        assertTrue(unavailable.reason().endsWith("is not NVML: it has no nvmlInit_v2"), unavailable.reason());
    }

    @Test
    void openingOnThisMachineNeverThrows() {
        // On a machine without the NVIDIA driver: unavailable (not found, or nvmlInit_v2's code);
        // on a GPU machine: a session, closed again.
        NvmlAvailability availability = assertDoesNotThrow(() -> Nvml.open());
        switch (availability) {
            case NvmlAvailability.Available available -> assertDoesNotThrow(available.nvml()::close);
            case NvmlAvailability.Unavailable unavailable ->
                    assertTrue(!unavailable.reason().isBlank(), "a reason is given");
        }
    }
}
