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
 * {@code bandwidth --copy kernel} and {@code --blocks}, judged before any CUDA call: bad ones are
 * one line and exit 2 on this machine without a driver; good ones reach CUDA (exit 3).
 */
class KernelCopyOptionsTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--blocks", "0"},
                        "--blocks needs at least one block per launch, not '0' in '0'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--blocks", "1,0"},
                        "--blocks needs at least one block per launch, not '0' in '1,0'"),
                arguments(new String[] {"bandwidth", "--blocks", "64"},
                        "--blocks sets the copy kernel's grid: it needs --copy kernel"),
                arguments(new String[] {"bandwidth", "--copy", "driver,staged", "--memory", "pageable", "--blocks", "sm"},
                        "--blocks sets the copy kernel's grid: it needs --copy kernel"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--blocks", "many"},
                        "--blocks takes block counts (64), sm, multiples of it (2sm), ranges (1..sm) or all, not 'many'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--blocks", "100sm"},
                        "--blocks 100sm: at most 64sm"),
                arguments(new String[] {"bandwidth", "--copy", "kernel,dma"},
                        "--copy takes driver, staged or kernel, not 'dma'"));
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
            "bandwidth --copy kernel",
            "bandwidth --copy driver,kernel --memory pinned --sizes 4KiB..1GiB --html /dev/null",
            "bandwidth --copy kernel --memory pageable --direction h2d",
            "bandwidth --copy kernel --memory all --direction h2d,d2h,bidir,d2d --blocks 1..4sm --json",
            "bandwidth --copy KERNEL --blocks 7,sm,2sm --csv",
            "bandwidth --copy kernel,staged,driver --memory pageable,pinned --blocks all",
            "bandwidth --copy kernel --blocks 1..8 --expect pinned.kernel.h2d.16MiB.blocks8>=1GB/s",
            "bandwidth --copy driver,kernel --direction p2p --device 0,1 --expect p2p.kernel.0-1.16MiB>=1GB/s",
    })
    void validOptionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
