package dev.xfer.app.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --runs} on every measuring command and smoke: anything but a whole number from 1 to 1000
 * is one line naming the option, the value and the range, exit 2, before CUDA is loaded.
 */
class RunsOptionTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bandwidth | 0    | '0' is out of range (1 to 1000)",
            "overlap   | x    | 'x' is not a whole number (1 to 1000)",
            "check     | -3   | '-3' is not a whole number (1 to 1000)",
            "batch     | 1001 | '1001' is out of range (1 to 1000)",
            "pipeline  | 2.5  | '2.5' is not a whole number (1 to 1000)",
            "latency   | 99999999999999999999 | '99999999999999999999' is out of range (1 to 1000)",
            "smoke     | 0    | '0' is out of range (1 to 1000)"})
    void aBadRunsCountIsOneLineNamingTheRange(String command, String value, String why) {
        XferRun run = XferRun.of(command, "--runs", value);
        run.assertOneLine(ExitCode.USAGE, "xfer: Invalid value for option '--runs': " + why);
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @org.junit.jupiter.api.Test
    void withoutAUsableGpuRunsEndsAsOneRunDoes() {
        XferRun.assumeNoDriver();
        XferRun bandwidth = XferRun.of("bandwidth", "--runs", "3");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, bandwidth.exitCode(), bandwidth.err());
        assertEquals(1, bandwidth.errLines().length, bandwidth.err());
        XferRun smoke = XferRun.of("smoke", "--runs", "3", "--json");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, smoke.exitCode(), smoke.err());
        assertTrue(smoke.out().contains("\"unusable\"") && !smoke.out().contains("\"runs\""),
                "the node still reports, as without --runs: " + smoke.out());
    }
}
