package dev.xfer.app.bandwidth.several;

import dev.xfer.app.bandwidth.ConfidentialComputingFixtures;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationException;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.fleet.DocumentSet;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.verdict.DocumentStatus;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run over two GPUs on a machine whose NVML says Confidential Computing is on, where CC forbids
 * every configuration asked for (registered memory: cudaHostRegister is refused): the run waives
 * them on each GPU with the reason and ends as a document without rows, as a run on one GPU does,
 * before any engine asks a GPU anything. The GPUs are opened by a fake opener without a CUDA
 * device (any question to one would fail), and their evidence is a recorded probe on a CC machine.
 * A run that measures something under CC needs GPUs; its text without rows of a GPU's own (p2p
 * alone) is rendered here from a fixture.
 */
class ConfidentialComputingSeveralDevicesTest {
    private static final String REFUSED = "Confidential Computing is on: cudaHostRegister is refused";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private MeasuringRun measuring(OutputFormat format) {
        return ConfidentialComputingFixtures.bandwidthRun(format, new MeasuringRun.Targets(null, null, null, null),
                DeviceSelection.of(0, 1), 2, out, err);
    }

    /** Registered memory only, h2d and d2h: everything CC forbids. */
    private static BandwidthPlan registeredOnly() {
        return new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.REGISTERED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), 5, 1, CopyTimer.EVENTS, List.of(CopyPath.DRIVER),
                BandwidthPlan.DEFAULT_STAGING);
    }

    private FinishedRun run(OutputFormat format) {
        return run(format, registeredOnly(), List.of());
    }

    private FinishedRun run(OutputFormat format, BandwidthPlan plan, List<String> expectations) {
        MeasuringRun measuring = measuring(format);
        return new SeveralDevicesRun(measuring, NumaTopology.assumedSingleNode(), false)
                .run(measuring.sessions(), plan, NumaOption.NONE, ExpectationSet.parse(expectations));
    }

    /**
     * Pinned memory is left to measure, registered memory is not: an expectation on a registered
     * row of a GPU names a result the run will not produce, refused before anything is measured
     * (exit 2), as on one GPU. Before, its name was declared, and the run went on to the GPUs. The
     * refusal is the one line said: CC's notes come after the expectations are checked, as on one GPU
     * (before, they went to stderr first).
     */
    @Test
    void anExpectationOnAWaivedConfigurationIsRefusedBeforeMeasuring() {
        BandwidthPlan both = new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.PINNED, HostMemoryKind.REGISTERED),
                List.of(CopyDirection.H2D), 5, 1, CopyTimer.EVENTS, List.of(CopyPath.DRIVER),
                BandwidthPlan.DEFAULT_STAGING);
        ExpectationException refused = assertThrows(ExpectationException.class,
                () -> run(OutputFormat.JSON, both, List.of("registered.h2d.4KiB.gpu1 >= 1GB/s")));
        assertTrue(refused.getMessage().contains("this run produces no result named registered.h2d.4KiB.gpu1"),
                refused.getMessage());
        assertEquals("", err.toString());
    }

    /**
     * {@code --concurrent} beside the copy kernel alone: CC waives the kernel's host rows, and all GPUs
     * at once still copy pinned memory by the driver, through the bounce buffer, so its note is said
     * (on stderr beside --json) with the state's line before anything is measured. The fake GPUs
     * cannot copy at once, so the run fails there, after the notes.
     */
    @Test
    void copiesAtOnceAreMarkedBouncedWhereThePlanLeftNoHostCopy() {
        BandwidthPlan kernel = new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), 5, 1, CopyTimer.EVENTS, List.of(CopyPath.KERNEL),
                BandwidthPlan.DEFAULT_STAGING);
        MeasuringRun measuring = measuring(OutputFormat.JSON);
        assertThrows(RuntimeException.class, () -> new SeveralDevicesRun(measuring, NumaTopology.assumedSingleNode(),
                true).run(measuring.sessions(), kernel, NumaOption.NONE, ExpectationSet.parse(List.of())));
        assertEquals(1, err.toString().lines().filter(l -> l.contains("Confidential Computing: on (production")).count(),
                err.toString());
        assertTrue(err.toString().contains("these rates are CC's path, not the PCIe link's"), err.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyGpusConfigurationsAreWaivedAndTheDocumentHasNoRows() {
        FinishedRun finished = run(OutputFormat.JSON);
        assertEquals(ExitCode.OK, ExitCode.of(finished));
        Object parsed = JsonMaps.parse(out.toString());
        List<Map<String, Object>> devices = (List<Map<String, Object>>) ((Map<String, Object>) parsed).get("devices");
        assertEquals(2, devices.size());
        for (Map<String, Object> device : devices) {
            assertEquals(List.of(), device.get("results"), device.toString());
            List<Map<String, Object>> waived = (List<Map<String, Object>>) device.get("waived");
            assertEquals(List.of("registered h2d 4096 B", "registered d2h 4096 B"),
                    waived.stream().map(w -> w.get("configuration")).toList(), device.toString());
            assertTrue(waived.stream().allMatch(w -> ((String) w.get("reason")).startsWith(REFUSED)), waived::toString);
        }
        // A gate reads each GPU's run as no result: nothing was measured, and nothing failed.
        List<DocumentSet.Judged> judged = new DocumentSet().judge(Path.of("cc.json"), parsed);
        assertEquals(2, judged.size());
        judged.forEach(j -> assertEquals(DocumentStatus.State.NO_RESULT, j.status().state(), j.status().toString()));
        // stdout holds only the document: CC's state goes to stderr, once for the machine, not once per GPU.
        assertEquals(1, err.toString().lines().filter(l -> l.contains("Confidential Computing: on (production")).count(),
                err.toString());
    }

    /**
     * p2p alone on a CC machine: no GPU has rows of its own, so the text shows their headlines only,
     * each still with CC's marks (the state, and that GPU-to-GPU copies need the protected-PCIe mode).
     */
    @Test
    void peerCopiesAloneKeepEachGpusMarksInTheText() {
        MultiDeviceResults peers = MultiDeviceFixtures.peerReport();
        List<String> marks = List.of("Confidential Computing: on (production, GPUs ready)", "GPU-to-GPU copies need the"
                + " protected-PCIe mode");
        MultiDeviceResults marked = new MultiDeviceResults(peers.plan(), peers.devices().stream()
                .map(d -> new BandwidthResults(d.context(), d.plan(), d.results(), d.failures(), marks)).toList(),
                peers.concurrent(), peers.peers(), peers.failures());
        String text = MultiDeviceText.render(marked);
        for (BandwidthResults d : peers.devices()) {
            assertTrue(text.contains(d.context().headline() + "\nnote: " + marks.get(0) + "\nnote: " + marks.get(1)
                    + "\n"), text);
        }
        assertFalse(text.contains("median GB/s  min GB/s"), "no GPU's own table: " + text);
    }

    @Test
    void theTextShowsEachGpuWithTheStateAndItsWaivers() {
        run(OutputFormat.TEXT);
        String text = out.toString();
        List<String> headlines = List.of(ResultsFixtures.context(MultiDeviceFixtures.h200At(0, 0x17, 0)).headline(),
                ResultsFixtures.context(MultiDeviceFixtures.h200At(1, 0x18, 0)).headline());
        for (int gpu = 0; gpu < 2; gpu++) {
            int at = text.indexOf(headlines.get(gpu));
            assertTrue(at >= 0, text);
            // Each GPU's own section: from its headline to the next GPU's, so GPU 1's lines never stand for GPU 0's.
            int end = gpu + 1 < headlines.size() ? text.indexOf(headlines.get(gpu + 1), at) : text.length();
            assertTrue(end > at, text);
            String section = text.substring(at, end);
            assertTrue(section.contains("note: Confidential Computing: on (production"), text);
            assertTrue(section.contains("registered h2d 4096 B"), text);
            assertTrue(section.contains(REFUSED), text);
        }
        assertEquals("", err.toString());
    }
}
