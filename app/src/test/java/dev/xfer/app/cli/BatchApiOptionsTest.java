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
 * {@code bandwidth --copy batch-api --pieces N}, judged before any CUDA call: bad ones are one line
 * and exit 2 on this machine without a driver; good ones reach CUDA (exit 3).
 */
class BatchApiOptionsTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                arguments(new String[] {"bandwidth", "--pieces", "16"},
                        "--pieces splits each buffer of --copy batch-api: it needs --copy batch-api"),
                arguments(new String[] {"bandwidth", "--copy", "driver,kernel", "--pieces", "1"},
                        "--pieces splits each buffer of --copy batch-api: it needs --copy batch-api"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--pieces", "0"},
                        "--pieces must be 1 to 1048576, not 0"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--pieces", "16,1048577"},
                        "--pieces must be 1 to 1048576, not 1048577"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--pieces", "99999999999"},
                        "--pieces must be 1 to 1048576, not 99999999999"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--pieces", "-1"},
                        "--pieces must be 1 to 1048576, not -1"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--pieces", "4096", "--size", "1KiB"},
                        "--pieces 4096 splits a buffer into 4096 copies of a byte at least, and the smallest size is"
                                + " 1024 bytes"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--memory", "heap"},
                        "--copy batch-api issues asynchronous copies, which --memory heap cannot take: add"
                                + " pinned or pageable"),
                arguments(new String[] {"bandwidth", "--copy", "batch-api", "--direction", "d2d"},
                        "--copy batch-api measures h2d and d2h, and --direction has neither"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void badOptionIsOneLineAndExit2(String[] args, String reason) {
        XferRun run = XferRun.of(args);
        run.assertOneLine(ExitCode.USAGE, "xfer: ");
        assertTrue(run.err().contains(reason), "expected '" + reason + "' in: " + run.err());
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "bandwidth --copy batch-api",
            "bandwidth --copy driver,batch-api --pieces 1,16,256,4096 --size 64MiB",
            "bandwidth --copy batch-api --pieces 1048576 --size 1GiB --memory pinned,pageable --direction h2d,d2h",
            "bandwidth --copy batch-api,driver --memory heap,pinned --json",
    })
    void validOptionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
