package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * xfer as a user without a GPU sees it: the real libcudart of this machine, no driver. Every
 * failure is one line on stderr, no stack trace, and a distinct exit code.
 */
class CommandLineWithoutGpuTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    private static void assertOneLine(XferRun run, int exitCode, String startsWith) {
        run.assertOneLine(exitCode, startsWith);
    }

    @Test
    void devicesWithoutADriverIsOneLineAndExit3() {
        XferRun run = XferRun.of("devices");
        assertOneLine(run, ExitCode.CUDA_UNAVAILABLE,
                "xfer: CUDA is not usable here: cudaGetDeviceCount: cudaErrorInsufficientDriver: ");
        assertTrue(run.err().contains("install or update the NVIDIA driver"), run.err());
    }

    @Test
    void measuringWithoutADriverIsExit3() {
        assertOneLine(XferRun.of("bandwidth", "--size", "4KiB"), ExitCode.CUDA_UNAVAILABLE,
                "xfer: CUDA is not usable here: cudaGetDeviceCount: ");
    }

    @Test
    void missingLibraryIsExit3() {
        assertOneLine(XferRun.of("--cudart", "/nonexistent/libcudart.so", "devices"), ExitCode.CUDA_UNAVAILABLE,
                "xfer: CUDA is not usable here: libcudart not found at /nonexistent/libcudart.so");
    }

    @Test
    void verboseAddsTheStackTrace() {
        XferRun run = XferRun.of("devices", "--verbose");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode());
        assertTrue(run.err().contains("at dev.xfer.cuda."), run.err());
        assertTrue(run.err().contains("libcudart"), run.err());
    }

    @Test
    void unknownOptionIsExit2() {
        assertOneLine(XferRun.of("devices", "--frobnicate"), ExitCode.USAGE, "xfer: Unknown option: '--frobnicate'");
    }

    @Test
    void noSubcommandIsAUsageError() {
        XferRun run = XferRun.of();
        assertEquals(ExitCode.USAGE, run.exitCode());
        assertTrue(run.err().contains("Usage: xfer"), run.err());
    }

    /** --version loads no CUDA library: a --cudart that is no library at all does not matter to it. */
    @Test
    void versionLoadsNoCuda(@TempDir Path dir) throws Exception {
        Path notALibrary = Files.writeString(dir.resolve("libcudart.so"), "not an ELF file");
        XferRun run = XferRun.of("--cudart", notALibrary.toString(), "--version");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertEquals("", run.err());
        assertTrue(run.out().startsWith("xfer "), run.out());
        assertTrue(run.out().contains("xfer devices"), run.out());
        assertFalse(run.out().contains("CUDA runtime 1"), run.out());
    }

    /** Bad input is refused before any CUDA call: exit 2 even where CUDA could not run. */
    @ParameterizedTest
    @ValueSource(strings = {"--size=0", "--size=-5MB", "--size=16XB", "--iterations=0", "--sizes=1GiB..4KiB",
            "--memory=gpu", "--direction=up", "--warmup=-1", "--timer=sundial", "--size=1.5B"})
    void badBandwidthInputIsOneLineAndExit2(String option) {
        XferRun run = XferRun.of("bandwidth", option);
        assertOneLine(run, ExitCode.USAGE, "xfer: ");
    }

    @Test
    void sizeAndSweepExcludeEachOther() {
        assertOneLine(XferRun.of("bandwidth", "--size", "4KiB", "--sizes", "4KiB..8KiB"), ExitCode.USAGE, "xfer: ");
    }

    @Test
    void jsonAndCsvExcludeEachOther() {
        assertOneLine(XferRun.of("bandwidth", "--json", "--csv"), ExitCode.USAGE, "xfer: --json and --csv exclude");
    }
}
