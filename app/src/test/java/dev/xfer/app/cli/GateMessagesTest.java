package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The messages issue 41 found wrong, each as it now reads (item 9 of its "Why"). */
class GateMessagesTest {
    private static final String SMOKE = "src/test/resources/noise/h200-2026-11-23-quick/smoke-1.json";

    @TempDir
    Path dir;

    /** An int option without its own upper bound says where the type ends, not "at least 1". */
    @Test
    void aCountTooLargeForItsTypeNamesTheRealRange() {
        XferRun.of("bandwidth", "--iterations", "99999999999").assertOneLine(ExitCode.USAGE,
                "xfer: --iterations must be 1 to 2147483647, not 99999999999 (see xfer bandwidth --help)");
    }

    /** Mb is a megabit: refused, with the byte units it may have meant. */
    @Test
    void bitUnitsAreRefusedWithAHint() {
        XferRun.of("bandwidth", "--size", "16Mb").assertOneLine(ExitCode.USAGE,
                "xfer: Invalid value for option '--size' (SIZE): invalid size '16Mb': 'Mb' is bits, not bytes:"
                        + " write 16MB (10^6 bytes) or 16MiB (2^20 bytes)");
        XferRun.of("bandwidth", "--size", "4Gib").assertOneLine(ExitCode.USAGE,
                "xfer: Invalid value for option '--size' (SIZE): invalid size '4Gib': 'Gib' is binary bits, not bytes: write 4GiB");
    }

    /** A time that doubles is +100%: the gate's bound may be above 100%; a negative one is refused. */
    @Test
    void failOnRegressionTakesMoreThan100Percent() {
        XferRun run = XferRun.of("compare", "--fail-on-regression", "150%", SMOKE, SMOKE);
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("regressions beyond 150%"), run.out());
        XferRun.of("compare", "--fail-on-regression", "-5%", SMOKE, SMOKE).assertOneLine(ExitCode.USAGE,
                "xfer: Invalid value for option '--fail-on-regression': '-5%' must be 0% to 10000%");
    }

    /** Control characters from the environment are shown escaped, as document text is. */
    @Test
    void aCudartPathFromTheEnvironmentIsEscaped() throws Exception {
        Process p = java(List.of("devices"), "XFER_CUDART", "/x\u001b[31mred\u0007");
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(ExitCode.CUDA_UNAVAILABLE, p.exitValue(), err);
        assertTrue(err.startsWith("xfer: CUDA is not usable here: libcudart not found at /x\\x1b[31mred\\x07 (from XFER_CUDART)"), err);
        assertTrue(err.chars().noneMatch(c -> c == 0x1b || c == 0x07), err);
    }

    /** A closed stdout is stdout gone, as a closed pipe: exit 141 for --help and --version alike, never 70. */
    @Test
    void aClosedStdoutIsExit141ForHelpAndVersion() throws Exception {
        for (String option : List.of("--help", "--version")) {
            Process p = new ProcessBuilder("bash", "-c", "exec \"$0\" \"$@\" >&-", javaBin(), "--enable-native-access=ALL-UNNAMED",
                    "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "dev.xfer.app.Main", option).start();
            String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(ExitCode.STDOUT_CLOSED, p.exitValue(), option + ": " + err);
            assertEquals("", err, option);
        }
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Process java(List<String> args, String variable, String value) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(javaBin(), "--enable-native-access=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "dev.xfer.app.Main"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put(variable, value);
        Process p = builder.start();
        p.getOutputStream().close();
        return p;
    }
}
