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
                        "--copy takes driver, staged, kernel, batch-api or tma, not 'dma'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-copies", "0"},
                        "--kernel-copies must be 1 to 64, or auto, not '0'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-copies", "65"},
                        "--kernel-copies must be 1 to 64, or auto, not '65'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-repeat", "twice"},
                        "--kernel-repeat must be loop or launches, not 'twice'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-bidir", "both"},
                        "--kernel-bidir must be one-launch, two-streams or one-vector, not 'both'"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-start", "early"},
                        "--kernel-start must be by-size or plain, not 'early'"),
                arguments(new String[] {"bandwidth", "--kernel-start", "plain"},
                        "the --kernel-* options set the copy kernel's samples: they need --copy kernel"),
                arguments(new String[] {"bandwidth", "--kernel-copies", "16"},
                        "the --kernel-* options set the copy kernel's samples: they need --copy kernel"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-gate", "--timer", "wall"},
                        "--kernel-gate and --kernel-lead-in keep work out of the events' time: they need --timer events"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--kernel-lead-in", "--timer", "wall"},
                        "--kernel-gate and --kernel-lead-in keep work out of the events' time: they need --timer events"));
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
            "bandwidth --copy kernel --kernel-copies 1 --kernel-repeat launches --kernel-gate --kernel-lead-in",
            "bandwidth --copy kernel --kernel-copies auto --kernel-repeat LOOP --kernel-bidir two-streams --blocks 64",
            "bandwidth --copy kernel --kernel-start plain --kernel-bidir one-launch --timer wall",
            "bandwidth --copy kernel --size 512MiB --timer wall",
    })
    void validOptionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }
}
