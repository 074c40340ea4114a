package dev.xfer.app.cli;

import dev.xfer.cuda.CudaError;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.HostAllocationException;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every exit code the README documents that xfer can produce on this machine (libcudart, no
 * driver), run in-process as a user would type it.
 *
 * <p>What this machine cannot produce through the command line, and where it is tested instead:
 * <ul>
 *   <li>1 (a check or an expectation failed) needs a finished measurement: the shared output
 *       stage's verdict is tested on fixed results in
 *       {@code dev.xfer.app.commands.MeasuringFinishTest}, whole runs in the {@code *OnGpuTest}s
 *       (tag {@code gpu}).</li>
 *   <li>4 (time limit) needs a step slower than the limit, and every step here ends at once with
 *       exit 3; a time limit that beat even that would race it. The limit itself, on a deliberately
 *       slow fake step, is {@link DeadlineTest}; {@link #failuresThatNeedAGpuMapToTheirCodes} below
 *       pins the mapping.</li>
 *   <li>5 (out of memory) needs an allocation on a device: only the mapping is pinned below.</li>
 *   <li>70 (any other CUDA failure, or a bug): only the mapping is pinned below.</li>
 * </ul>
 */
class ExitCodesTest {

    @BeforeAll
    static void noDriverHere() {
        assumeFalse(CudaRuntime.load(Optional.empty()).driverVersion().isPresent(),
                "this machine has an NVIDIA driver; these tests describe one without");
    }

    private static XferRun run(String... args) {
        return XferRun.of(args);
    }

    private static String described(String[] args, XferRun run) {
        return "xfer " + String.join(" ", args) + " -> " + run.exitCode() + "\nstdout: " + run.out()
                + "\nstderr: " + run.err();
    }

    // ---- 0: help and version

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-h", "devices --help", "bandwidth --help", "overlap --help", "check --help",
            "smoke --help", "smoke -h"})
    void helpIsExit0OnStdout(String line) {
        String[] args = line.split(" ");
        XferRun run = run(args);
        assertEquals(ExitCode.OK, run.exitCode(), described(args, run));
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("Usage: xfer")), described(args, run));
        assertTrue(run.err().isEmpty(), described(args, run));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void versionIsExit0EvenWithoutADriver(String option) {
        XferRun run = run(option);
        assertEquals(ExitCode.OK, run.exitCode(), described(new String[] {option}, run));
        assertTrue(run.out().startsWith("xfer "), run.out());
        assertTrue(run.err().isEmpty(), run.err());
    }

    /** `xfer --version` alone skips picocli's model (Main.run); its text is what picocli's version help prints. */
    @Test
    void theQuickVersionIsPicocliVersionHelp() {
        java.io.StringWriter picocli = new java.io.StringWriter();
        new picocli.CommandLine(new dev.xfer.app.commands.XferCommand(new dev.xfer.app.run.StopRequest(), null))
                .printVersionHelp(new java.io.PrintWriter(picocli, true));
        assertEquals(picocli.toString(), run("--version").out());
        assertEquals(picocli.toString(), run("-V").out());
    }

    @Test
    void theHelpListsTheExitCodes() {
        String help = run("--help").out().replaceAll("\\s+", " ");
        for (String code : List.of("0 ok", "1 check failed", "2 usage error", "3 CUDA not usable", "4 time limit",
                "5 out of memory")) {
            assertTrue(help.contains(code), "'" + code + "' in the help's footer: " + help);
        }
    }

    // ---- 2: usage errors, all refused before CUDA is touched

    static Stream<Arguments> malformedExpectations() {
        return Stream.of(
                arguments(new String[] {"bandwidth", "--expect", "pinned.h2d >= fast"},
                        List.of("xfer: --expect 'pinned.h2d >= fast': 'fast' is not a number")),
                arguments(new String[] {"bandwidth", "--size", "4KiB", "--expect", "pinned.h2d >= fast",
                                "--expect", "pinned.d2h >= 1GB/s", "--expect", "x ?? 1"},
                        List.of("xfer: --expect 'pinned.h2d >= fast': 'fast' is not a number",
                                "xfer: --expect 'x ?? 1': there is no comparison (use >=, >, <=, <, == or !=)")),
                arguments(new String[] {"overlap", "--expect", "overlap.v1.speedup >="},
                        List.of("xfer: --expect 'overlap.v1.speedup >=': the value after >= is missing")),
                arguments(new String[] {"overlap", "--json", "--output", "target/never.json",
                                "--expect", "overlap.v1.speedup >="},
                        List.of("xfer: --expect 'overlap.v1.speedup >=': the value after >= is missing")),
                arguments(new String[] {"check", "--expect", "check.synchronized.wrong = 0"},
                        List.of("xfer: --expect 'check.synchronized.wrong = 0': '=' is not a comparison"
                                + " (use >=, >, <=, <, == or !=)")),
                arguments(new String[] {"smoke", "--expect", "pinned.h2d >= fast"},
                        List.of("xfer: --expect 'pinned.h2d >= fast': 'fast' is not a number")),
                arguments(new String[] {"smoke", "--device", "all", "--expect", "overlap.v1.speedup >=",
                                "--expect", "check.synchronized.wrong = 0"},
                        List.of("xfer: --expect 'overlap.v1.speedup >=': the value after >= is missing",
                                "xfer: --expect 'check.synchronized.wrong = 0': '=' is not a comparison"
                                        + " (use >=, >, <=, <, == or !=)")));
    }

    /** A typo in a threshold exits 2 on any machine, GPU or not: parsing comes before CUDA. */
    @ParameterizedTest
    @MethodSource("malformedExpectations")
    void aMalformedExpectationIsExit2WithOneLinePerProblem(String[] args, List<String> lines) {
        XferRun run = run(args);
        assertAll(described(args, run),
                () -> assertEquals(ExitCode.USAGE, run.exitCode()),
                () -> assertEquals(lines, Arrays.asList(run.errLines())),
                () -> assertTrue(run.out().isEmpty()),
                () -> assertFalse(run.err().contains("CUDA"), "refused before CUDA"));
    }

    static Stream<Arguments> badTimeouts() {
        return Stream.of(
                arguments(new String[] {"--timeout", "0s", "devices"}, "--timeout must be longer than 0, not '0s'"),
                arguments(new String[] {"--timeout", "-1s", "devices"}, "a duration cannot be negative"),
                arguments(new String[] {"--timeout=-1s", "devices"}, "a duration cannot be negative"),
                arguments(new String[] {"--timeout", "soon", "devices"}, "invalid duration 'soon'"),
                arguments(new String[] {"devices", "--timeout", "soon"}, "invalid duration 'soon'"),
                arguments(new String[] {"bandwidth", "--timeout", "0ms"}, "--timeout must be longer than 0"),
                arguments(new String[] {"smoke", "--timeout", "10"}, "the unit is missing"));
    }

    @ParameterizedTest
    @MethodSource("badTimeouts")
    void aBadTimeoutIsExit2(String[] args, String reason) {
        XferRun run = run(args);
        assertAll(described(args, run),
                () -> assertEquals(ExitCode.USAGE, run.exitCode()),
                () -> assertEquals(1, run.errLines().length),
                () -> assertTrue(run.err().startsWith("xfer: Invalid value for option '--timeout'")),
                () -> assertTrue(run.err().contains(reason), "names why: " + reason),
                () -> assertTrue(run.out().isEmpty()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "-1x", "1,,2", "one", "all,1"})
    void smokeWithADeviceThatIsNeitherAnIndexAllNorAListIsExit2(String device) {
        XferRun run = run("smoke", "--device", device);
        assertAll(described(new String[] {"smoke", "--device", device}, run),
                () -> assertEquals(ExitCode.USAGE, run.exitCode()),
                () -> assertEquals(List.of("xfer: Invalid value for option '--device': '" + device + "' is not a GPU"
                                + " index, all, or a comma list of indices such as 0,2,3 (see xfer smoke --help)"),
                        Arrays.asList(run.errLines())),
                () -> assertTrue(run.out().isEmpty()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "devices --frobnicate", "bandwidth --json --csv", "smoke --output /nonexistent/x.json",
            "nosuchcommand"})
    void otherUsageErrorsAreExit2(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        XferRun run = run(args);
        assertEquals(ExitCode.USAGE, run.exitCode(), described(args, run));
        assertTrue(run.out().isEmpty(), described(args, run));
    }

    // ---- 3: valid commands on a machine where CUDA is not usable

    /** Each of these passes every check xfer makes itself, so CUDA is what refuses it. */
    @ParameterizedTest
    @ValueSource(strings = {
            "devices",
            "devices --json",
            "--timeout 10s devices",
            "devices --timeout 10s",
            "--timeout 1h bandwidth --size 4KiB",
            "bandwidth --expect pinned.h2d>=1GB/s",
            "bandwidth --json --output target/never.json --junit target/never.xml --expect pinned.d2h>=50%link",
            "overlap --expect overlap.v1.speedup>1x",
            "check --expect check.synchronized.wrong==0",
            "smoke",
            "smoke --device 0",
            "smoke --device all",
            "smoke --expect overlap.v2.speedup>1x",
            "--timeout 10s smoke"})
    void aValidCommandWithoutADriverIsExit3(String line) {
        String[] args = line.split(" ");
        XferRun run = run(args);
        assertAll(described(args, run),
                () -> assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode()),
                () -> assertEquals(1, run.errLines().length),
                () -> assertTrue(run.err().startsWith("xfer: CUDA is not usable here: ")),
                () -> assertTrue(run.out().isEmpty()));
    }

    @Test
    void aLibcudartThatIsNotThereIsExit3() {
        XferRun run = run("--cudart", "/nonexistent/libcudart.so", "smoke");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode(), run.err());
    }

    // ---- codes the command line cannot reach here: the failures that carry them

    @Test
    void failuresThatNeedAGpuMapToTheirCodes() {
        CudaError oom = new CudaError(2, "cudaErrorMemoryAllocation", "out of memory");
        CudaError launch = new CudaError(719, "cudaErrorLaunchFailure", "unspecified launch failure");
        CudaError noDevice = new CudaError(100, "cudaErrorNoDevice", "no CUDA-capable device is detected");
        assertAll(
                () -> assertEquals(4, ErrorLine.exitCode(new RunTimeoutException("time limit of 1s exceeded"))),
                () -> assertEquals(5, ErrorLine.exitCode(new HostAllocationException("cudaHostAlloc 1 TiB", null))),
                () -> assertEquals(5, ErrorLine.exitCode(
                        new InsufficientDeviceMemoryException("bandwidth", 1L << 40, 1L << 30, 0))),
                () -> assertEquals(5, ErrorLine.exitCode(new CudaException("cudaMalloc", oom))),
                () -> assertEquals(3, ErrorLine.exitCode(new CudaException("cudaSetDevice", noDevice))),
                () -> assertEquals(70, ErrorLine.exitCode(new CudaException("cudaStreamSynchronize", launch))),
                () -> assertEquals(70, ErrorLine.exitCode(new IllegalStateException("a bug"))));
    }
}
