package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** xfer latency's usage errors exit 2 with one line, before CUDA is loaded (so on any machine). */
class LatencyOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--size 1000B                       | xfer: a latency buffer is a whole number of 128-byte nodes (one per cache line), so 1000 bytes",
            "--size 64B                         | xfer: a latency buffer is a whole number of 128-byte nodes",
            "--sizes 1B..4KiB                   | xfer: a latency buffer is a whole number of 128-byte nodes (one per cache line), so 1 bytes",
            "--size 2MiB --sizes 4KiB..1MiB     | xfer: --size=SIZE, --sizes=FROM..TO are mutually exclusive",
            "--accesses 0                       | xfer: --accesses must be at least 1, not 0",
            "--iterations -1                    | xfer: --iterations must be at least 1, not -1",
            "--target nowhere                   | xfer: unknown --target nowhere (use host, device or peer)",
            "--order zigzag                     | xfer: unknown --order zigzag (use random or sequential)",
            "--seed x                           | xfer: Invalid value for option '--seed'",
    })
    void badOptionsAreUsageErrors(String args, String line) {
        XferRun run = XferRun.of(("latency " + args.strip()).split(" "));
        run.assertOneLine(ExitCode.USAGE, line);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "0   | latency.host.4MiB <= 1500ns   | latency.host.4MiB",
            "0   | latency.gpu1.2MiB <= 1500ns   | latency.gpu1.2MiB",
            "0,1 | latency.gpu2 <= 1500ns        | latency.gpu2",
            "0   | latency.host.2MiB <= 1500GB/s | GB/s",
    })
    void expectationsNamingNoResultOrAMisfitUnitAreUsageErrors(String device, String expect, String named) {
        XferRun run = XferRun.of("latency", "--device", device, "--expect", expect);
        assertEquals(ExitCode.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().contains(named), run.err());
        assertTrue(run.out().isEmpty(), run.out());
    }

    @Test
    void withoutADriverTheRunSaysCudaIsNotUsable() {
        XferRun.assumeNoDriver();
        XferRun run = XferRun.of("latency", "--expect", "latency.host.2MiB <= 1500ns", "--expect", "latency.device <= 1us");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode(), run.err());
        assertEquals(1, run.errLines().length, run.err());
    }
}
