package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code xfer bandwidth --pair}, {@code --pairs} and {@code --seed}: every use that cannot run is
 * one line and exit 2 before CUDA (as far as {@code --device} lists the GPUs); the others get as
 * far as CUDA, which this machine (libcudart, no driver) refuses with exit 3.
 */
class PairOptionsTest {
    private static final String NEEDS = ": it needs --direction p2p, or --pattern all-to-one or one-to-all";

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> refusedBeforeCuda() {
        return Stream.of(
                arguments("bandwidth --device 0,1 --direction p2p --pair 1,1",
                        "xfer: --pair 1,1: a pair is two different GPUs"),
                arguments("bandwidth --device 0,1 --direction p2p --pair 0,2",
                        "xfer: --pair 0,2: GPU 2 is not among the GPUs selected (0, 1)"),
                arguments("bandwidth --device 3,1 --direction p2p --pair 1,3 --pair 0,1",
                        "xfer: --pair 0,1: GPU 0 is not among the GPUs selected (1, 3)"),
                arguments("bandwidth --device 0,1 --direction p2p --pair 0",
                        "xfer: --pair takes two GPU indices, source then destination, as 0,1, not '0'"),
                arguments("bandwidth --device 0,1 --direction p2p --pair a,b",
                        "xfer: --pair takes two GPU indices, source then destination, as 0,1, not 'a,b'"),
                arguments("bandwidth --device 0,1,2 --direction p2p --pairs 7",
                        "xfer: --pairs 7: the 3 GPUs selected (0, 1, 2) have 6 ordered pairs"),
                arguments("bandwidth --device 0,1 --pattern one-to-all --pairs 3",
                        "xfer: --pairs 3: the 2 GPUs selected (0, 1) have 2 ordered pairs"),
                arguments("bandwidth --device all --direction p2p --pairs 0",
                        "xfer: --pairs must be 1 or more, not 0"),
                arguments("bandwidth --device all --direction p2p --pair 0,1 --pairs 1",
                        "xfer: --pair and --pairs exclude each other: name the pairs, or draw K of them"),
                arguments("bandwidth --device all --direction p2p --seed 7",
                        "xfer: --seed seeds the draw of --pairs: it needs --pairs"),
                arguments("bandwidth --device all --pair 0,1", "xfer: --pair picks GPU pairs for the copies between"
                        + " GPUs" + NEEDS),
                arguments("bandwidth --device 0,1 --concurrent --pairs 1", "xfer: --pairs picks GPU pairs for the"
                        + " copies between GPUs" + NEEDS),
                arguments("bandwidth --device all --pattern all-to-host,host-to-all --pair 0,1",
                        "xfer: --pair picks GPU pairs for the copies between GPUs" + NEEDS),
                arguments("bandwidth --device 0,1 --direction p2p --pair 0,1 --expect p2p.1-0.16MiB>=1GB/s",
                        "xfer: --expect 'p2p.1-0.16MiB>=1GB/s': this run produces no result named p2p.1-0.16MiB"));
    }

    @ParameterizedTest
    @MethodSource("refusedBeforeCuda")
    void refusedBeforeCudaWithOneLineAndExit2(String line, String error) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.USAGE, error);
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    /** Pairs that fit the GPUs listed, or GPUs not yet found (--device all): the run gets as far as CUDA. */
    @ParameterizedTest
    @ValueSource(strings = {
            "bandwidth --device 0,1 --direction p2p --pair 0,1",
            "bandwidth --device 0,1,2 --direction p2p --pair 2,0 --pair 0,2 --pair 2,0 --expect p2p.2-0.16MiB>=1GB/s",
            "bandwidth --device 0,1,2 --direction p2p --pairs 6 --json",
            "bandwidth --device all --direction p2p --pairs 3 --seed 42 --initiation write,read",
            "bandwidth --device all --direction p2p --pair 5,7",
            "bandwidth --device all --direction p2p --pairs 2 --expect p2p.5-7.16MiB>=1GB/s",
            "bandwidth --device 0,1,2,3 --pattern all-to-one,one-to-all --pairs 4 --seed -3",
            "bandwidth --device all --pattern all --pair 1,0"})
    void pairsThatFitReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
        assertEquals(1, run.errLines().length);
    }
}
