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
            "bandwidth | 0    | xfer: --runs must be 1 to 1000, not 0",
            "overlap   | x    | xfer: Invalid value for option '--runs': 'x' is not a whole number (1 to 1000)",
            "check     | -3   | xfer: --runs must be 1 to 1000, not -3",
            "batch     | 1001 | xfer: --runs must be 1 to 1000, not 1001",
            "pipeline  | 2.5  | xfer: Invalid value for option '--runs': '2.5' is not a whole number (1 to 1000)",
            "latency   | 99999999999999999999 | xfer: --runs must be 1 to 1000, not 99999999999999999999",
            "smoke     | 0    | xfer: --runs must be 1 to 1000, not 0"})
    void aBadRunsCountIsOneLineNamingTheRange(String command, String value, String line) {
        XferRun run = XferRun.of(command, "--runs", value);
        run.assertOneLine(ExitCode.USAGE, line);
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
