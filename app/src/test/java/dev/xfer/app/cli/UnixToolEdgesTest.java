package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a Unix tool owes its pipes and files, at the command line: exit codes and the one line. */
class UnixToolEdgesTest {
    @TempDir
    Path dir;

    @Test
    void fleetRefusesASecondOutputOnStdout() {
        XferRun.of("fleet", "--json", "-", "--junit", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --junit - writes standard output, which carries the report (text, --json or --csv): give --junit a file");
        XferRun.of("fleet", "--openmetrics", "-", "src/test/resources/h200").assertOneLine(ExitCode.USAGE,
                "xfer: --openmetrics - writes standard output, which carries the report (text, --json or --csv): give --openmetrics a file");
    }

    /** The same rule, before CUDA is loaded, for every command whose results go to stdout without --output. */
    @ParameterizedTest
    @ValueSource(strings = {"bandwidth", "overlap", "check", "batch", "pipeline", "latency"})
    void aMeasuringCommandRefusesASecondOutputOnStdout(String command) {
        XferRun.of(command, "--junit", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --junit - writes standard output, which carries the results without --output (text, --json, --csv or --jsonl): give --junit a file");
        XferRun.of(command, "--output", "-", "--openmetrics", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --output - and --openmetrics - name the same standard output: give each output its own");
    }

    @Test
    void smokeRefusesASecondOutputOnStdout() {
        XferRun.of("smoke", "--json", "--junit", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --junit - writes standard output, which carries the results without --output (text or --json): give --junit a file");
    }

    @Test
    void aReplacedReportKeepsItsMode() throws Exception {
        Path junit = Files.writeString(dir.resolve("fleet.xml"), "old");
        Files.setPosixFilePermissions(junit, PosixFilePermissions.fromString("rw-------"));
        XferRun run = XferRun.of("fleet", "--junit", junit.toString(), "src/test/resources/h200");
        assertTrue(run.exitCode() <= ExitCode.CHECK_FAILED, run.err());
        assertTrue(Files.readString(junit).startsWith("<?xml"), Files.readString(junit));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(junit)));
    }
}
