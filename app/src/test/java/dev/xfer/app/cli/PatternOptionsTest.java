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
 * {@code xfer bandwidth --pattern}, {@code --bidirectional} and {@code --initiation} (with a
 * {@code --pattern} between GPUs or with {@code --direction p2p}, nowhere else): every
 * combination that cannot run is one line and exit 2 before CUDA; the others get as far as CUDA,
 * which this machine (libcudart, no driver) refuses with exit 3.
 */
class PatternOptionsTest {
    private static final String INITIATION_NEEDS_P2P = "xfer: --initiation picks which GPU issues each copy between"
            + " GPUs: it needs --direction p2p, or --pattern with a pattern between GPUs";

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> refusedBeforeCuda() {
        String only = "xfer: --pattern measures the many-GPU patterns only; ";
        return Stream.of(
                arguments(new String[] {"bandwidth", "--pattern", "all-to-host"},
                        "xfer: --pattern runs many-GPU patterns: it needs two GPUs at least (--device all, or a list"
                                + " such as 0,1), not --device 0"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "2"},
                        "xfer: --pattern runs many-GPU patterns: it needs two GPUs at least (--device all, or a list"
                                + " such as 0,1), not --device 2"),
                arguments(new String[] {"bandwidth", "--pattern", "all-to-all", "--device", "all"},
                        "xfer: --pattern: unknown pattern 'all-to-all' (use all-to-host, host-to-all, all-to-one or"
                                + " one-to-all)"),
                arguments(new String[] {"bandwidth", "--bidirectional", "--device", "all"},
                        "xfer: --bidirectional sets up the many-GPU patterns: it needs --pattern"),
                arguments(new String[] {"bandwidth", "--initiation", "read"}, INITIATION_NEEDS_P2P),
                arguments(new String[] {"bandwidth", "--device", "all", "--initiation", "read"}, INITIATION_NEEDS_P2P),
                arguments(new String[] {"bandwidth", "--device", "0,1", "--direction", "h2d,d2d", "--initiation",
                        "write"}, INITIATION_NEEDS_P2P),
                arguments(new String[] {"bandwidth", "--device", "0,1", "--concurrent", "--initiation", "read"},
                        INITIATION_NEEDS_P2P),
                arguments(new String[] {"bandwidth", "--device", "0,1", "--direction", "p2p", "--initiation", "pull"},
                        "xfer: --initiation takes write or read, not 'pull'"),
                arguments(new String[] {"bandwidth", "--direction", "p2p", "--initiation", "read"},
                        "xfer: --direction p2p copies between GPUs: it needs two at least (--device all, or a list"
                                + " such as 0,1), not --device 0"),
                arguments(new String[] {"bandwidth", "--device", "all", "--direction", "p2p", "--initiation", "read",
                        "--csv"}, "xfer: --csv has no columns for p2p results; use --json"),
                arguments(new String[] {"bandwidth", "--device", "all", "--direction", "p2p", "--initiation", "read",
                        "--bidirectional"}, "xfer: --bidirectional sets up the many-GPU patterns: it needs --pattern"),
                // p2p's read form has its own names, and only when asked for; the write form's likewise.
                arguments(new String[] {"bandwidth", "--device", "0,1", "--direction", "p2p", "--expect",
                        "p2p-read.0-1.16MiB >= 1GB/s"}, "xfer: --expect 'p2p-read.0-1.16MiB >= 1GB/s': this run"
                                + " produces no result named p2p-read.0-1.16MiB"),
                arguments(new String[] {"bandwidth", "--device", "0,1", "--direction", "p2p", "--initiation", "read",
                        "--expect", "p2p.0-1.16MiB >= 1GB/s"}, "xfer: --expect 'p2p.0-1.16MiB >= 1GB/s': this run"
                                + " produces no result named p2p.0-1.16MiB"),
                arguments(new String[] {"bandwidth", "--device", "0,1", "--direction", "p2p", "--initiation", "read",
                        "--expect", "p2p-bidir-read.kernel.0-1 >= 1GB/s"}, "xfer: --expect"
                                + " 'p2p-bidir-read.kernel.0-1 >= 1GB/s': this run produces no result named"
                                + " p2p-bidir-read.kernel.0-1"),
                arguments(new String[] {"bandwidth", "--pattern", "all-to-one", "--bidirectional", "--device", "0,1"},
                        "xfer: --bidirectional is a form of the patterns to or from host memory; --pattern all-to-one"
                                + " has none"),
                arguments(new String[] {"bandwidth", "--pattern", "host-to-all", "--initiation", "read", "--device",
                        "0,1"}, "xfer: --initiation is a form of the copies between GPUs; --pattern host-to-all"
                                + " has none (all-to-one and one-to-all have them, as --direction p2p does)"),
                arguments(new String[] {"bandwidth", "--pattern", "one-to-all", "--initiation", "push", "--device",
                        "all"}, "xfer: --initiation takes write or read, not 'push'"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--concurrent"},
                        only + "run --concurrent in another call"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--direction", "p2p"},
                        only + "run --direction p2p in another call"),
                // Any other --direction was once ignored without a word: each pattern has its own.
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--direction", "d2d-read"},
                        only + "each pattern sets its own directions (to, from or between GPUs), so --direction does"
                                + " not apply"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--memory", "pageable"},
                        only + "its host memory is always pinned, so --memory does not apply"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--numa-node", "0"},
                        only + "its host buffers are allocated per GPU, not placed by --numa-node"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--allocations", "3"},
                        only + "each copy has one allocation; --allocations 3 is for one GPU at a time"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--timer", "wall"},
                        only + "its copies start together on several GPUs and are timed by their events, not --timer"
                                + " wall"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--copy", "kernel",
                        "--blocks", "2sm"}, only + "its copy kernel launches one block per SM, so --blocks does not"
                                + " apply"),
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--copy", "staged"},
                        "xfer: many-GPU patterns copy page-locked and device memory, by the copy engines (--copy"
                                + " driver) or the copy kernel (--copy kernel), not --copy staged"),
                // The pattern engine issues every copy that is not the kernel's by the copy engine: a batch-api
                // row there would be the driver's copies under another name.
                arguments(new String[] {"bandwidth", "--pattern", "all", "--device", "all", "--copy", "batch-api"},
                        "xfer: many-GPU patterns copy page-locked and device memory, by the copy engines (--copy"
                                + " driver) or the copy kernel (--copy kernel), not --copy batch-api"),
                arguments(new String[] {"bandwidth", "--pattern", "all-to-host", "--device", "0,1", "--size", "0"},
                        "xfer: "),
                arguments(new String[] {"bandwidth", "--pattern", "all-to-host", "--device", "0,1", "--expect",
                        "pattern.all-to-host.16MiB.gpu2 >= 1GB/s"}, "xfer: --expect 'pattern.all-to-host.16MiB.gpu2"
                                + " >= 1GB/s': this run produces no result named pattern.all-to-host.16MiB.gpu2"),
                arguments(new String[] {"bandwidth", "--pattern", "all-to-one", "--device", "all", "--expect",
                        "pattern.all-to-one.16MiB.gpu0 >= 1GB/s"}, "xfer: --expect 'pattern.all-to-one.16MiB.gpu0"
                                + " >= 1GB/s': this run produces no result named pattern.all-to-one.16MiB.gpu0"));
    }

    @ParameterizedTest
    @MethodSource("refusedBeforeCuda")
    void refusedBeforeCudaWithOneLineAndExit2(String[] args, String line) {
        XferRun run = XferRun.of(args);
        run.assertOneLine(ExitCode.USAGE, line);
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    /** Options that pass every check xfer can make without CUDA (patterns, and p2p's forms): the run gets as far as CUDA. */
    @ParameterizedTest
    @ValueSource(strings = {
            "bandwidth --device all --pattern all",
            "bandwidth --device 0,1 --pattern all-to-host,host-to-all --bidirectional --size 512MiB --json",
            "bandwidth --device 0,1 --pattern all-to-one,one-to-all --initiation write,read --copy driver,kernel",
            "bandwidth --device all --pattern all --initiation read --bidirectional --csv",
            "bandwidth --device 1,0 --pattern all-to-host --expect pattern.all-to-host.16MiB.gpu1>=1GB/s",
            "bandwidth --device all --pattern all-to-one --initiation read"
                    + " --expect pattern.all-to-one-read.kernel.16MiB.gpu3.aggregate>=1GB/s --copy kernel",
            "bandwidth --device all --direction p2p --initiation read",
            "bandwidth --device 0,1 --direction p2p --initiation write,read --copy driver,kernel --json"
                    + " --expect p2p-bidir-read.kernel.0-1.16MiB>=1GB/s --expect p2p.kernel.1-0>=1GB/s",
            "bandwidth --device 0,1,2 --direction h2d,p2p --initiation READ --expect p2p-read.2-1>=1GB/s"
                    + " --expect pinned.h2d.16MiB>=1GB/s",
            "bandwidth --device all --direction p2p --initiation read,write --timer wall"})
    void validPatternsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
        assertEquals(1, run.errLines().length);
    }
}
