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
        Path notElf = Files.writeString(tmp.resolve(NvmlLocator.NAME), "not a shared library\n");
        var unavailable = assertInstanceOf(NvmlAvailability.Unavailable.class,
                assertDoesNotThrow(() -> Nvml.open(new NvmlLocator.Located(notElf, "XFER_NVML"))));
        assertTrue(unavailable.reason().startsWith("cannot load " + notElf + " (found via XFER_NVML): "),
                unavailable.reason());
        // dlopen's own words (e.g. "invalid ELF header" or "file too short") follow.
        assertTrue(unavailable.reason().length() > ("cannot load " + notElf + " (found via XFER_NVML): ").length() + 5,
                unavailable.reason());
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
