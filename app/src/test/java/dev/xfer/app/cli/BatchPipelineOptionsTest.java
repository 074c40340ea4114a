package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The batch and pipeline options, judged before any CUDA call: bad ones are a usage error (exit 2)
 * even on this machine, which has libcudart but no driver; good ones get as far as CUDA, which
 * then refuses (exit 3), and that is the proof they passed validation.
 */
class BatchPipelineOptionsTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    private static void assertOneLine(XferRun run, int exitCode, String startsWith) {
        run.assertOneLine(exitCode, startsWith);
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                arguments(new String[] {"batch", "--count", "0"}, "--count must be at least 1, not 0"),
                arguments(new String[] {"batch", "--count", "-5"}, "--count must be at least 1, not -5"),
                arguments(new String[] {"batch", "--size", "0"}, "invalid size '0'"),
                arguments(new String[] {"batch", "--preset", "huge"}, "--preset takes small or large, not 'huge'"),
                arguments(new String[] {"batch", "--strategies", "nope"}, "unknown strategy 'nope' (expected one of "),
                arguments(new String[] {"batch", "--strategies", "pinned-async,nope"}, "unknown strategy 'nope'"),
                arguments(new String[] {"batch", "--threads", "0"}, "--threads must be 1 to 256, not 0"),
                arguments(new String[] {"batch", "--threads", "257"}, "--threads must be 1 to 256, not 257"),
                arguments(new String[] {"batch", "--staging-slots", "0"}, "--staging-slots must be 1 to 1024, not 0"),
                arguments(new String[] {"batch", "--copy-threads", "0"}, "--copy-threads must be 1 to 256, not 0"),
                arguments(new String[] {"batch", "--host-copy", "rust"}, "--host-copy takes libc or java, not 'rust'"),
                arguments(new String[] {"batch", "--staging-size", "1XB"}, "invalid size '1XB'"),
                arguments(new String[] {"batch", "--iterations", "0"}, "--iterations must be at least 1, not 0"),
                arguments(new String[] {"batch", "--warmup", "-1"}, "--warmup must not be negative, not -1"),
                arguments(new String[] {"batch", "--json", "--csv"}, "--json and --csv exclude each other"),
                arguments(new String[] {"pipeline", "--batches", "0"}, "--batches must be at least 1, not 0"),
                arguments(new String[] {"pipeline", "--size", "6B"},
                        "--size must be a whole number of floats (a multiple of 4), not 6 bytes"),
                arguments(new String[] {"pipeline", "--size", "0"}, "invalid size '0'"),
                arguments(new String[] {"pipeline", "--buffers", "4"}, "--buffers must be 1, 2 or 3, not 4"),
                arguments(new String[] {"pipeline", "--buffers", "0"}, "--buffers must be 1, 2 or 3, not 0"),
                arguments(new String[] {"pipeline", "--kernel-iterations", "0"},
                        "--kernel-iterations must be at least 1, not 0"),
                arguments(new String[] {"pipeline", "--iterations", "0"}, "--iterations must be at least 1, not 0"),
                arguments(new String[] {"pipeline", "--buffers", "two"}, "'two'"),
                arguments(new String[] {"pipeline", "--json", "--csv"}, "--json and --csv exclude each other"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void badOptionIsOneLineAndExit2(String[] args, String reason) {
        XferRun run = XferRun.of(args);
        assertOneLine(run, ExitCode.USAGE, "xfer: ");
        assertTrue(run.err().contains(reason), "expected '" + reason + "' in: " + run.err());
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    /** Options that pass validation: the run gets as far as CUDA, which is not usable here. */
    @ParameterizedTest
    @ValueSource(strings = {
            "batch",
            "batch --preset small",
            "batch --preset LARGE --count 1",
            "batch --count 1 --size 1B --threads 1 --staging-slots 1 --staging-size 1B --iterations 1 --warmup 0",
            "batch --size 4KiB --threads 256 --staging-slots 1024 --staging-size 64KiB",
            "batch --strategies staged,pinned-async,batched --csv",
            "batch --strategies PINNED-ASYNC,batched --json",
            "pipeline",
            "pipeline --buffers 3",
            "pipeline --buffers 1 --batches 1 --size 4B --kernel-iterations 1 --iterations 1 --warmup 0",
            "pipeline --size 1MiB --kernel-iterations 100 --csv",
            "pipeline --batches 1000 --buffers 2 --json",
    })
    void validOptionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        assertOneLine(run, ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
