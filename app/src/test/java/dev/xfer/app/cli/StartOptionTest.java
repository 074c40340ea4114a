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
 * overlap's and pipeline's {@code --start}, judged before any CUDA call: a bad value, or a gated
 * start with memory it cannot hold behind a gate, is one line and exit 2; good ones reach CUDA,
 * which this machine refuses (exit 3), the proof they passed validation.
 */
class StartOptionTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> badStarts() {
        return Stream.of(
                arguments(new String[] {"overlap", "--start", "late"}, "unknown --start 'late' (expected plain or gated)"),
                arguments(new String[] {"overlap", "--start", ""}, "unknown --start '' (expected plain or gated)"),
                arguments(new String[] {"pipeline", "--start", "held"}, "unknown --start 'held' (expected plain or gated)"),
                arguments(new String[] {"overlap", "--start", "gated", "--memory", "pageable"},
                        "--start gated needs page-locked host memory (pinned, pinned-huge, registered or write-combined): a pageable copy"));
    }

    @ParameterizedTest
    @MethodSource("badStarts")
    void badStartIsOneLineAndExit2(String[] args, String reason) {
        XferRun run = XferRun.of(args);
        run.assertOneLine(ExitCode.USAGE, "xfer: ");
        assertTrue(run.err().contains(reason), "expected '" + reason + "' in: " + run.err());
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "overlap --start gated",
            "overlap --start GATED --memory registered",
            "overlap --start plain --memory pageable",
            "overlap --start gated --memory write-combined --schedules sequential --json",
            "pipeline --start gated",
            "pipeline --start gated --buffers 1 --csv",
            "pipeline --start plain",
    })
    void validStartsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
