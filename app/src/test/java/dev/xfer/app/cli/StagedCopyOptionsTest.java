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
 * {@code bandwidth --copy} and the staged path's options, judged before any CUDA call: bad ones
 * are one line and exit 2 on this machine without a driver; good ones reach CUDA (exit 3).
 */
class StagedCopyOptionsTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                arguments(new String[] {"bandwidth", "--copy", "staged", "--memory", "pinned"},
                        "--copy staged stages pageable or heap memory, and --memory has neither (pinned)"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--memory", "pinned,registered,write-combined"},
                        "--memory has neither (pinned,registered,write-combined): add pageable or heap"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--direction", "d2d,bidir"},
                        "--copy staged measures h2d and d2h, and --direction has neither"),
                arguments(new String[] {"bandwidth", "--copy", "dma"}, "--copy takes driver, staged, kernel, batch-api or tma, not 'dma'"),
                arguments(new String[] {"bandwidth", "--copy", "driver,nope"}, "--copy takes driver, staged, kernel, batch-api or tma, not 'nope'"),
                arguments(new String[] {"bandwidth", "--threads", "4"},
                        "--threads sets up the staged path: it needs --copy staged"),
                arguments(new String[] {"bandwidth", "--copy", "driver", "--staging-size", "4MiB"},
                        "--staging-size sets up the staged path: it needs --copy staged"),
                arguments(new String[] {"bandwidth", "--staging-slots", "2"},
                        "--staging-slots sets up the staged path: it needs --copy staged"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--threads", "0"},
                        "--threads must be 1 to 256, not 0"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--threads", "257"},
                        "--threads must be 1 to 256, not 257"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--staging-slots", "0"},
                        "--staging-slots must be 1 to 1024, not 0"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--staging-size", "0"},
                        "Invalid value for option '--staging-size': invalid size '0'"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--staging-size", "1XB"},
                        "Invalid value for option '--staging-size': invalid size '1XB'"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--memory", "pinned", "--threads", "4"},
                        "--copy staged stages pageable or heap memory"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--device", "all", "--concurrent"},
                        "--copy staged stages pageable or heap memory, and --memory has neither (pinned)"),
                arguments(new String[] {"bandwidth", "--copy", "staged", "--memory", "pageable", "--device", "all",
                        "--concurrent"}, "--concurrent copies pinned memory only"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void badOptionIsOneLineAndExit2(String[] args, String reason) {
        XferRun run = XferRun.of(args);
        run.assertOneLine(ExitCode.USAGE, "xfer: ");
        assertTrue(run.err().contains(reason), "expected '" + reason + "' in: " + run.err());
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    /** Options that pass validation: the run gets as far as CUDA, which is not usable here. */
    @ParameterizedTest
    @ValueSource(strings = {
            "bandwidth --copy driver",
            "bandwidth --copy staged",
            "bandwidth --copy STAGED,driver --memory all --csv",
            "bandwidth --copy staged --memory heap --direction d2h --json",
            "bandwidth --copy staged --memory pageable,pinned --direction h2d,bidir,d2d",
            "bandwidth --copy staged --threads 1 --staging-slots 1 --staging-size 1B --size 1B",
            "bandwidth --copy driver,staged --threads 256 --staging-slots 1024 --staging-size 16MiB --sizes 4KiB..4GiB",
    })
    void validOptionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
