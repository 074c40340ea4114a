package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The overlap and check options, judged before any CUDA call: bad ones are a usage error (exit 2)
 * even on this machine, which has libcudart but no driver; good ones get as far as CUDA, which
 * then refuses (exit 3), and that is the proof they passed validation.
 */
class MeasuringOptionsTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    private static void assertOneLine(XferRun run, int exitCode, String startsWith) {
        run.assertOneLine(exitCode, startsWith);
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                arguments(new String[] {"overlap", "--streams", "0"}, "--streams must be 1 to 1024, not 0"),
                arguments(new String[] {"overlap", "--block-size", "0"}, "--block-size must be 1 to 1024 threads, not 0"),
                arguments(new String[] {"overlap", "--block-size", "2048"}, "--block-size must be 1 to 1024 threads, not 2048"),
                arguments(new String[] {"overlap", "--kernel-iterations", "0"}, "--kernel-iterations must be at least 1, not 0"),
                arguments(new String[] {"overlap", "--size", "10B"}, "--size 10B is 10 bytes, not a whole number of floats"),
                arguments(new String[] {"overlap", "--elements", "0"}, "--elements must be at least 1, not 0"),
                arguments(new String[] {"overlap", "--elements", "3", "--streams", "4"}, "3 elements cannot be split over 4 streams"),
                arguments(new String[] {"overlap", "--schedules", "v3"}, "unknown schedule 'v3'"),
                arguments(new String[] {"overlap", "--schedules", "v1,v3"}, "unknown schedule 'v3'"),
                arguments(new String[] {"overlap", "--memory", "heap"}, "--memory heap cannot be used"),
                arguments(new String[] {"overlap", "--memory", "gpu"}, "unknown host memory kind 'gpu'"),
                arguments(new String[] {"overlap", "--iterations", "0"}, "--iterations must be at least 1, not 0"),
                arguments(new String[] {"overlap", "--size", "16MiB", "--elements", "1024"}, "mutually exclusive"),
                arguments(new String[] {"overlap", "--streams", "four"}, "'four'"),
                arguments(new String[] {"check", "--trials", "0"}, "--trials must be at least 1, not 0"),
                arguments(new String[] {"check", "--size", "4B"}, "--size 4B is 4 bytes, not a whole number of doubles (a multiple of 8)"),
                arguments(new String[] {"check", "--memory", "pageable"}, "d2h-pageable"),
                arguments(new String[] {"check", "--memory", "heap"}, "--memory heap is not page-locked"),
                arguments(new String[] {"check", "--scenarios", "nope"}, "unknown scenario 'nope'"),
                arguments(new String[] {"check", "--scenarios", "d2h-sync,nope"}, "unknown scenario 'nope'"),
                arguments(new String[] {"check", "--size", "0"}, "invalid size '0'"),
                arguments(new String[] {"check", "--size", "-8B"}, "invalid size '-8B'"),
                arguments(new String[] {"check", "--json", "--csv"}, "--json and --csv exclude each other"),
                arguments(new String[] {"overlap", "--json", "--csv"}, "--json and --csv exclude each other"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void badOptionIsOneLineAndExit2(String[] args, String reason) {
        XferRun run = XferRun.of(args);
        assertOneLine(run, ExitCode.USAGE, "xfer: ");
        assertTrue(run.err().contains(reason), "expected '" + reason + "' in: " + run.err());
        assertTrue(!run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    /** Options that pass validation: the run gets as far as CUDA, which is not usable here. */
    @ParameterizedTest
    @ValueSource(strings = {
            "overlap",
            "overlap --streams 1 --elements 1",
            "overlap --streams 1024 --elements 4096 --block-size 1024 --kernel-iterations 50",
            "overlap --size 4KiB --schedules v2 --memory pageable",
            "overlap --size 16MB --schedules sequential,V1 --memory write-combined --iterations 1 --warmup 0",
            "overlap --elements 1000000 --memory registered --json",
            "check",
            "check --trials 1 --size 8B",
            "check --size 1.5KiB",
            "check --size 8KiB --memory registered --scenarios d2h-sync,h2d-event --csv",
            "check --memory write-combined --scenarios d2h-pageable --json",
    })
    void validOptionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        assertOneLine(run, ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
