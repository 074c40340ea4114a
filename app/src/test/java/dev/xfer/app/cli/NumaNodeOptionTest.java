package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code bandwidth --numa-node}, judged before any CUDA call: a bad value or a node this machine
 * lacks is exit 2 on any machine; a good one gets as far as CUDA, which this machine (libcudart,
 * no driver) then refuses with exit 3.
 */
class NumaNodeOptionTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    private static void assertOneLine(XferRun run, int exitCode, String startsWith) {
        run.assertOneLine(exitCode, startsWith);
    }

    private static int highestNode() throws IOException {
        Path nodes = Path.of("/sys/devices/system/node");
        if (!Files.isDirectory(nodes)) {
            return 0;
        }
        try (var entries = Files.list(nodes)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.matches("node\\d+"))
                    .mapToInt(n -> Integer.parseInt(n.substring(4))).max().orElse(0);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"--numa-node=", "--numa-node=near", "--numa-node=0x1", "--numa-node=1.5",
            "--numa-node=0,1", "--numa-node=1024", "--numa-node=-1"})
    void aMalformedValueIsExit2(String option) {
        XferRun run = XferRun.of("bandwidth", option);
        assertOneLine(run, ExitCode.USAGE, "xfer: --numa-node takes a node number");
        assertTrue(!run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    @Test
    void aNodeThisMachineLacksIsExit2NamingTheNodesItHas() throws IOException {
        int absent = highestNode() + 1;
        XferRun run = XferRun.of("bandwidth", "--numa-node", Integer.toString(absent));
        assertOneLine(run, ExitCode.USAGE, "xfer: --numa-node " + absent + ": this machine has no NUMA node " + absent
                + " (its nodes: ");
    }

    @Test
    void theMissingValueIsExit2() {
        assertOneLine(XferRun.of("bandwidth", "--numa-node"), ExitCode.USAGE, "xfer: Missing required parameter");
    }

    /** Values that pass validation: the run gets as far as CUDA, which is not usable here. */
    @ParameterizedTest
    @ValueSource(strings = {"0", "auto", "all", "AUTO", " all "})
    void validValuesReachCuda(String value) {
        assumeTrue(dev.xfer.host.ThreadPlacement.isSupported(), "Linux x86-64");
        XferRun run = XferRun.of("bandwidth", "--size", "4KiB", "--numa-node", value);
        assertOneLine(run, ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");
    }

    @Test
    void theOptionIsInTheHelp() {
        XferRun run = XferRun.of("bandwidth", "--help");
        assertEquals(ExitCode.OK, run.exitCode());
        assertTrue(run.out().contains("--numa-node=N|auto|all"), run.out());
    }
}
