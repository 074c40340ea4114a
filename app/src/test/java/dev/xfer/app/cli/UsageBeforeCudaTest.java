package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Usage errors come before CUDA is loaded: on a machine without a driver they exit 2, not 3.
 * (With a driver they exit 2 as well, since nothing is measured before the check.)
 */
class UsageBeforeCudaTest {

    private static final List<String> MEASURING = List.of("bandwidth", "overlap", "check", "batch", "pipeline");

    @ParameterizedTest
    @ValueSource(strings = {"0", "0,1", "all"})
    void anOutputThatIsAFolderIsAUsageError(String device, @TempDir Path folder) {
        for (String command : MEASURING) {
            XferRun run = XferRun.of(command, "--device", device, "--output", folder.toString());
            run.assertOneLine(ExitCode.USAGE, "xfer: --output " + folder + " is a folder");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0,1", "all"})
    void anUnknownResultNameIsAUsageError(String device) {
        for (String command : MEASURING) {
            XferRun run = XferRun.of(command, "--device", device, "--expect", "nosuch.metric >= 5GB/s");
            assertEquals(ExitCode.USAGE, run.exitCode(), command + ": " + run.err());
            assertTrue(run.err().contains("nosuch.metric"), run.err());
        }
    }

    @Test
    void smokeChecksItsExtraExpectationsBeforeCuda() {
        XferRun run = XferRun.of("smoke", "--expect", "nosuch.metric >= 5GB/s");
        assertEquals(ExitCode.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().contains("nosuch.metric"), run.err());
    }

    @Test
    void aJunitFileThatIsAFolderIsAUsageErrorForSmoke(@TempDir Path folder) {
        XferRun.of("smoke", "--junit", folder.toString()).assertOneLine(ExitCode.USAGE, "xfer: --junit");
    }

    @Test
    void aRealNameWithAGpuSuffixStillPassesTheEarlyCheck() {
        XferRun.assumeNoDriver();
        XferRun run = XferRun.of("check", "--device", "all", "--expect", "check.d2h-sync.wrong.gpu3 == 0");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode(), run.err());
    }

    /** The launcher itself: a Java runtime that cannot start is exit 70 and one line on stderr. */
    @Test
    void aJavaRuntimeThatCannotStartIsExit70OnStderr(@TempDir Path dist) throws Exception {
        Launched run = launch(dist, "XFER_JAVA_OPTS", "-Xmx1k");
        assertEquals(70, run.code(), run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().strip().split("\n").length, run.err());
        assertTrue(run.err().startsWith("xfer: the Java runtime cannot start with XFER_JAVA_OPTS='-Xmx1k': "), run.err());
        assertTrue(run.err().contains("heap"), run.err());
    }

    /**
     * Options the JVM reads by itself (JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS) that it
     * cannot start with: the same one line and exit 70, not the JVM's four lines and exit 1.
     */
    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"})
    void javaOptionsTheJvmReadsItselfAreCheckedToo(String variable, @TempDir Path dist) throws Exception {
        Launched run = launch(dist, variable, "-XX:+Bogus");
        assertEquals(70, run.code(), run.err());
        assertEquals("", run.out());
        assertEquals("xfer: the Java runtime cannot start with " + variable + "='-XX:+Bogus': Unrecognized VM option 'Bogus'\n",
                run.err());
    }

    private record Launched(int code, String out, String err) {
    }

    /** Runs scripts/xfer-launcher.sh as bin/xfer of a distribution whose runtime is this JDK. */
    private static Launched launch(Path dist, String variable, String value) throws Exception {
        Path bin = Files.createDirectories(dist.resolve("bin"));
        Path runtimeBin = Files.createDirectories(dist.resolve("runtime/bin"));
        Files.createSymbolicLink(runtimeBin.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        Path launcher = bin.resolve("xfer");
        Files.copy(Path.of(System.getProperty("user.dir")).resolveSibling("scripts").resolve("xfer-launcher.sh"), launcher);
        assertTrue(launcher.toFile().setExecutable(true));
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "devices");
        for (String other : List.of("XFER_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            pb.environment().remove(other);
        }
        pb.environment().put(variable, value);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Launched(p.exitValue(), out, err);
    }
}
