package dev.xfer.app.cli;


import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.sysfs.NumaNode;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * {@code xfer topo} run in-process on this machine: the real libcudart and /sys, no driver. Topo is
 * a host view, so it exits 0 and reports the GPUs sysfs knows on stdout; why CUDA was not usable is
 * an error, one {@code xfer:} line on stderr (and the document's {@code cuda.reason} with --json).
 */
class TopoWithoutGpuTest {
    private static final String NO_DRIVER =
            "CUDA is not usable here: cudaGetDeviceCount: cudaErrorInsufficientDriver: ";

    @BeforeAll
    static void noDriverHere() {
        assumeFalse(CudaRuntime.load(Optional.empty()).driverVersion().isPresent(),
                "this machine has an NVIDIA driver; these tests describe one without");
    }

    /** Exit 0, and the reason CUDA is not usable as the one line on stderr, never on stdout. */
    private static void assertOkWithTheReasonOnStderr(XferRun run, String reason) {
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertEquals(1, run.errLines().length, "one line on stderr: " + run.err());
        assertTrue(run.err().startsWith("xfer: " + reason), run.err());
    }

    /** As above, and the text report on stdout does not repeat the error. */
    private static void assertOkWithTheReasonOnlyOnStderr(XferRun run, String reason) {
        assertOkWithTheReasonOnStderr(run, reason);
        assertFalse(run.out().contains(reason), "the error is not on stdout: " + run.out());
    }

    @Test
    void thisMachine() {
        XferRun run = XferRun.of("topo");
        assertOkWithTheReasonOnlyOnStderr(run, NO_DRIVER);
        assertTrue(run.err().contains("install or update the NVIDIA driver"), run.err());

        List<String> lines = run.out().lines().toList();
        assertEquals("GPUs from sysfs: CUDA is not usable here (why: on stderr)", lines.getFirst(), run.out());
        NumaTopology numa = new NumaTopologyReader().read();
        for (NumaNode node : numa.nodes()) {
            assertTrue(run.out().contains("\nNUMA" + node.id() + "  "), run.out());
        }
        assertEquals(numa.isSingleNode() ? "1 NUMA node: placement has no effect"
                        + (numa.assumed() ? " (assumed: sysfs lists no NUMA nodes)" : "")
                        : numa.nodes().size() + " NUMA nodes: host memory on a GPU's remote node crosses the socket"
                        + " interconnect",
                lines.getLast());
        if (new PciDeviceReader().readNvidiaGpus().isEmpty()) {
            assertEquals("no NVIDIA GPU found in sysfs", lines.get(1), run.out());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void thisMachineAsJson() {
        XferRun run = XferRun.of("topo", "--json");
        assertOkWithTheReasonOnStderr(run, NO_DRIVER);

        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(run.out());
        assertEquals("topo", doc.get("command"));
        Map<String, Object> cuda = (Map<String, Object>) doc.get("cuda");
        assertEquals(false, cuda.get("usable"));
        assertTrue(((String) cuda.get("reason")).startsWith(NO_DRIVER), cuda.toString());
        assertEquals(new NumaTopologyReader().read().nodes().size(), ((List<?>) doc.get("numaNodes")).size());
        assertEquals(new PciDeviceReader().readNvidiaGpus().size(), ((List<?>) doc.get("gpus")).size());
    }

    @Test
    void fixtureTreeThroughTheHiddenOption() {
        String root = SysfsFixtures.root(SysfsFixtures.TWO_NODE_DEGRADED).toString();
        XferRun run = XferRun.of("topo", "--sysfs-root", root);
        assertOkWithTheReasonOnlyOnStderr(run, NO_DRIVER);

        assertTrue(run.out().contains(
                "\n-    remote  local  0000:81:00.0  Gen4 x8 (max Gen4 x16) DEGRADED  15.8  24-47,72-95\n"), run.out());
        assertTrue(run.out().endsWith(
                "\n2 NUMA nodes: host memory on a GPU's remote node crosses the socket interconnect\n"), run.out());
    }

    @Test
    void withoutALibcudartToo() {
        XferRun run = XferRun.of("--cudart", "/nonexistent/libcudart.so", "topo");
        assertOkWithTheReasonOnlyOnStderr(run, "CUDA is not usable here: libcudart not found at /nonexistent/libcudart.so");
    }

    @Test
    void listedInTheHelpWithoutItsHiddenOption() {
        XferRun root = XferRun.of("--help");
        assertTrue(root.out().contains("  topo "), root.out());

        XferRun topo = XferRun.of("topo", "--help");
        assertEquals(ExitCode.OK, topo.exitCode());
        assertTrue(topo.out().contains("--json"), topo.out());
        assertFalse(topo.out().contains("--sysfs-root"), topo.out());
    }

    @Test
    void unknownOptionIsStillAUsageError() {
        XferRun run = XferRun.of("topo", "--frobnicate");
        assertEquals(ExitCode.USAGE, run.exitCode());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.out().isEmpty(), run.out());
    }
}
