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
 * {@code --device N|all|LIST}, {@code --concurrent} and {@code --direction p2p}, judged before any
 * CUDA call where that can be done: bad text, one index where two GPUs are needed, and what
 * {@code --concurrent} cannot do are exit 2 on any machine. How many GPUs {@code all} is only CUDA
 * knows, so a run with {@code all} (or a list) gets as far as CUDA, which this machine (libcudart,
 * no driver) refuses with exit 3.
 */
class MultiDeviceOptionsTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    static Stream<Arguments> refusedBeforeCuda() {
        String notASelection = " is not a GPU index, all, or a comma list of indices such as 0,2,3";
        String twoNeeded = "(--device all, or a list such as 0,1), not --device ";
        return Stream.of(
                arguments(new String[] {"bandwidth", "--device", "x"},
                        "xfer: Invalid value for option '--device': 'x'" + notASelection
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"bandwidth", "--device", "0,,1"},
                        "xfer: Invalid value for option '--device': '0,,1'" + notASelection
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"bandwidth", "--device", "all,1"},
                        "xfer: Invalid value for option '--device': 'all,1'" + notASelection
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"bandwidth", "--device=", "--json"},
                        "xfer: Invalid value for option '--device': ''" + notASelection
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"overlap", "--device", "0x1"},
                        "xfer: Invalid value for option '--device': '0x1'" + notASelection
                                + " (see xfer overlap --help)"),
                arguments(new String[] {"bandwidth", "--concurrent"},
                        "xfer: --concurrent needs two GPUs at least " + twoNeeded + "0"),
                arguments(new String[] {"bandwidth", "--device", "-1"},
                        "xfer: Invalid value for option '--device': '-1': a GPU index is 0 or more, not -1"
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"bandwidth", "--device", "0,-2"},
                        "xfer: Invalid value for option '--device': '0,-2': a GPU index is 0 or more, not -2"
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"bandwidth", "--device", "0,0"},
                        "xfer: Invalid value for option '--device': '0,0' names GPU 0 twice"
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"overlap", "--device", "2, 0 ,2"},
                        "xfer: Invalid value for option '--device': '2, 0 ,2' names GPU 2 twice"
                                + " (see xfer overlap --help)"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "1,1"},
                        "xfer: Invalid value for option '--device': '1,1' names GPU 1 twice"
                                + " (see xfer bandwidth --help)"),
                arguments(new String[] {"smoke", "--device", "-1"},
                        "xfer: Invalid value for option '--device': '-1': a GPU index is 0 or more, not -1"
                                + " (see xfer smoke --help)"),
                arguments(new String[] {"smoke", "--device", "1,1"},
                        "xfer: Invalid value for option '--device': '1,1' names GPU 1 twice"
                                + " (see xfer smoke --help)"),
                arguments(new String[] {"bandwidth", "--direction", "p2p"},
                        "xfer: --direction p2p copies between GPUs: it needs two at least " + twoNeeded + "0"),
                arguments(new String[] {"bandwidth", "--direction", "h2d,p2p", "--device", "3"},
                        "xfer: --direction p2p copies between GPUs: it needs two at least " + twoNeeded + "3"),
                // the TMA copy between GPUs is refused as the kernel's is, not as a path that cannot copy p2p
                arguments(new String[] {"bandwidth", "--copy", "tma", "--direction", "p2p"},
                        "xfer: --direction p2p copies between GPUs: it needs two at least " + twoNeeded + "0"),
                arguments(new String[] {"bandwidth", "--copy", "kernel", "--direction", "p2p", "--initiation",
                        "write,read", "--device", "1"},
                        "xfer: --direction p2p copies between GPUs: it needs two at least " + twoNeeded + "1"),
                arguments(new String[] {"bandwidth", "--copy", "tma", "--direction", "p2p", "--initiation",
                        "write,read", "--device", "1"},
                        "xfer: --direction p2p copies between GPUs: it needs two at least " + twoNeeded + "1"),
                arguments(new String[] {"bandwidth", "--copy", "driver,tma", "--direction", "p2p", "--device", "all",
                        "--csv"}, "xfer: --csv has no columns for p2p results; use --json"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "0,1", "--memory", "pageable"},
                        "xfer: --concurrent copies pinned memory only (--memory pinned), not pageable"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "all", "--memory", "pinned,heap"},
                        "xfer: --concurrent copies pinned memory only (--memory pinned), not pinned,heap"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "all", "--direction", "h2d,bidir"},
                        "xfer: --concurrent measures h2d and d2h only, not bidir"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "0,1", "--direction", "d2d"},
                        "xfer: --concurrent measures h2d and d2h only, not d2d"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "0,1", "--direction", "h2d,p2p"},
                        "xfer: --concurrent measures h2d and d2h only, not p2p"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "0,1", "--numa-node", "0"},
                        "xfer: --concurrent and --numa-node exclude each other"),
                arguments(new String[] {"bandwidth", "--concurrent", "--device", "0,1", "--csv"},
                        "xfer: --csv has no columns for --concurrent results; use --json"),
                arguments(new String[] {"bandwidth", "--direction", "p2p", "--device", "all", "--csv"},
                        "xfer: --csv has no columns for p2p results; use --json"),
                arguments(new String[] {"overlap", "--device", "0,1", "--expect", "overlap.v1.speedup.gpu2 >= 1"},
                        "xfer: --expect 'overlap.v1.speedup.gpu2 >= 1': this run produces no result named overlap.v1.speedup.gpu2"),
                arguments(new String[] {"check", "--device", "0,1", "--expect", "check.synchronized.wrong.gpu3 == 0"},
                        "xfer: --expect 'check.synchronized.wrong.gpu3 == 0': this run produces no result named"
                                + " check.synchronized.wrong.gpu3"));
    }

    @ParameterizedTest
    @MethodSource("refusedBeforeCuda")
    void refusedBeforeCudaWithOneLineAndExit2(String[] args, String line) {
        XferRun run = XferRun.of(args);
        run.assertOneLine(ExitCode.USAGE, line);
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    /** Options that pass every check xfer can make without CUDA: the run gets as far as CUDA. */
    @ParameterizedTest
    @ValueSource(strings = {
            "bandwidth --device all",
            "bandwidth --device 0,1",
            "bandwidth --device 1,0 --json",
            "bandwidth --device 0,1 --csv",
            "bandwidth --device all --concurrent",
            "bandwidth --device 0,1 --concurrent --memory pinned --direction h2d --json",
            "bandwidth --device 0,1,2 --concurrent --direction d2h,h2d --timer wall --iterations 3",
            "bandwidth --device all --direction p2p",
            "bandwidth --device 0,1 --direction p2p --json --expect p2p.0-1>=1GB/s",
            "bandwidth --device 0,1,2 --direction h2d,d2h,p2p --memory all",
            "bandwidth --device all --copy tma --direction p2p",
            "bandwidth --device 0,1 --copy driver,kernel,tma --direction d2d,p2p --initiation write,read --json"
                    + " --expect p2p.tma.0-1>=1GB/s --expect p2p-bidir-read.tma.1-0>=1GB/s",
            "bandwidth --device all --numa-node auto",
            "overlap --device all",
            "overlap --device 0,1 --expect overlap.v1.speedup.gpu1>=1",
            "check --device 1",
            "check --device 0,1 --json",
            "batch --device 2,0 --csv",
            "batch --device all --numa-node auto",
            "pipeline --device ALL",
            "pipeline --device 0,1 --expect pipeline.hidden>=0.5"})
    void validSelectionsReachCuda(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
        assertEquals(1, run.errLines().length);
    }
}
