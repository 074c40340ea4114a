package dev.xfer.app.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code overlap --numa-node} and {@code batch --numa-node}, judged before any CUDA call as
 * bandwidth's is: a bad value or a node this machine lacks is exit 2 on any machine, and so is an
 * {@code --expect} naming a node the run will not measure; a good one gets as far as CUDA, which
 * this machine (libcudart, no driver) then refuses with exit 3.
 */
class OverlapBatchNumaNodeOptionTest {

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    /** Each command with options that keep a run small, were it to run. */
    static Stream<Arguments> commands() {
        return Stream.of(
                arguments("overlap", List.of("--elements", "1024")),
                arguments("batch", List.of("--count", "1", "--size", "4KiB")));
    }

    private static XferRun run(String command, List<String> small, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(command));
        args.addAll(small);
        args.addAll(List.of(more));
        return XferRun.of(args.toArray(String[]::new));
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

    static Stream<Arguments> malformed() {
        return commands().flatMap(c -> Stream.of("--numa-node=", "--numa-node=near", "--numa-node=0x1",
                "--numa-node=1.5", "--numa-node=0,1", "--numa-node=1024", "--numa-node=-1")
                .map(option -> arguments(c.get()[0], c.get()[1], option)));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void aMalformedValueIsExit2(String command, List<String> small, String option) {
        XferRun run = run(command, small, option);
        run.assertOneLine(ExitCode.USAGE, "xfer: --numa-node takes a node number");
        assertFalse(run.err().contains("CUDA"), "refused before CUDA: " + run.err());
    }

    @ParameterizedTest
    @MethodSource("commands")
    void aNodeThisMachineLacksIsExit2NamingTheNodesItHas(String command, List<String> small) throws IOException {
        int absent = highestNode() + 1;
        run(command, small, "--numa-node", Integer.toString(absent)).assertOneLine(ExitCode.USAGE,
                "xfer: --numa-node " + absent + ": this machine has no NUMA node " + absent + " (its nodes: ");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void theMissingValueIsExit2(String command, List<String> small) {
        run(command, small, "--numa-node").assertOneLine(ExitCode.USAGE, "xfer: Missing required parameter");
    }

    static Stream<Arguments> validValues() {
        return commands().flatMap(c -> Stream.of("0", "auto", "all", "AUTO", " all ")
                .map(value -> arguments(c.get()[0], c.get()[1], value)));
    }

    /** Values that pass validation: the run gets as far as CUDA, which is not usable here. */
    @ParameterizedTest
    @MethodSource("validValues")
    void validValuesReachCuda(String command, List<String> small, String value) {
        assumeTrue(dev.xfer.host.ThreadPlacement.isSupported(), "Linux x86-64");
        run(command, small, "--numa-node", value).assertOneLine(ExitCode.CUDA_UNAVAILABLE,
                "xfer: CUDA is not usable here: ");
    }

    static Stream<Arguments> nodeNames() {
        return Stream.of(
                arguments("overlap", List.of("--elements", "1024"), "overlap.v1.speedup"),
                arguments("batch", List.of("--count", "1", "--size", "4KiB"), "batch.pinned-async.gbps"));
    }

    /** With all, names end in each node, and --expect is checked against them before CUDA. */
    @ParameterizedTest
    @MethodSource("nodeNames")
    void withAllTheNodeNamesAreKnownBeforeCuda(String command, List<String> small, String name) throws IOException {
        assumeTrue(dev.xfer.host.ThreadPlacement.isSupported(), "Linux x86-64");
        int absent = highestNode() + 1;
        XferRun wrongNode = run(command, small, "--numa-node", "all", "--expect", name + ".node" + absent + " >= 1");
        assertEquals(ExitCode.USAGE, wrongNode.exitCode(), wrongNode.err());
        assertFalse(wrongNode.err().contains("CUDA"), "refused before CUDA: " + wrongNode.err());
        assertTrue(wrongNode.err().contains("this run produces no result named " + name + ".node" + absent),
                wrongNode.err());

        run(command, small, "--numa-node", "all", "--expect", name + ".node0 >= 1", "--expect", name + " >= 1")
                .assertOneLine(ExitCode.CUDA_UNAVAILABLE, "xfer: CUDA is not usable here: ");

        XferRun oneNode = run(command, small, "--numa-node", "0", "--expect", name + ".node0 >= 1");
        assertEquals(ExitCode.USAGE, oneNode.exitCode(), "one node: plain names; " + oneNode.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlap", "batch"})
    void theOptionIsInTheHelpWithBandwidthsText(String command) {
        XferRun run = XferRun.of(command, "--help");
        assertEquals(ExitCode.OK, run.exitCode());
        assertEquals(numaHelp(XferRun.of("bandwidth", "--help").out()), numaHelp(run.out()));
    }

    /** The --numa-node entry of a help text, its words joined by single spaces (picocli wraps by the widest option). */
    private static String numaHelp(String help) {
        String flat = help.replaceAll("\\s+", " ");
        int from = flat.lastIndexOf("--numa-node=N|auto|all"); // the option list, after the synopsis
        int to = flat.indexOf("(default: not placed).", from);
        if (from < 0 || to < 0) {
            throw new AssertionError("no --numa-node=N|auto|all entry in\n" + help);
        }
        return flat.substring(from, to + "(default: not placed).".length());
    }
}
