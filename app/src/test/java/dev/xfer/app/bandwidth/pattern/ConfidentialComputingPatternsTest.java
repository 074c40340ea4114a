package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.evidence.ConfidentialComputing;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.ConfidentialComputingFixtures;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.expect.ExpectationException;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.docs.SchemaContract;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.format.OutputTarget;
import dev.xfer.app.output.MultiDeviceFixtures;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The many-GPU patterns ({@code --pattern}) on a machine whose NVML says Confidential Computing is
 * on: a host pattern by the copy kernel would have the SMs reach host memory, so it is waived with
 * the kernel's reason; host patterns by the copy engines and the GPU patterns run, marked. The GPUs
 * are opened by a fake opener without a CUDA device (any question to one would fail), and their
 * evidence is a recorded probe on a CC machine, as in the several-GPU test: a run CC leaves nothing
 * to measure ends before any engine is built. What CC leaves is read from the rules themselves, and
 * its document and text from {@link PatternRun#document} and {@link PatternText}: measuring it needs GPUs.
 */
class ConfidentialComputingPatternsTest {
    private static final String KERNEL_REFUSED = CopyPath.KERNEL.refusedByConfidentialComputing().orElseThrow()
            .hostCopies();
    private static final String STATE = "Confidential Computing: on (production";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    private MeasuringRun measuring(OutputFormat format) {
        return measuring(format, DeviceSelection.of(0, 1), 2);
    }

    /** @param gpus how many GPUs the fake runtime has, for {@code --device all} */
    private MeasuringRun measuring(OutputFormat format, DeviceSelection selected, int gpus) {
        return ConfidentialComputingFixtures.bandwidthRun(format, new MeasuringRun.Targets(null,
                OutputTarget.resolve("--junit", folder.resolve("junit.xml")), null, null), selected, gpus, out, err);
    }

    private static PatternPlan host(TrafficPattern pattern, CopyPath path) {
        return new PatternPlan(pattern, false, Initiation.WRITE, path, 4096);
    }

    /** The host patterns by the copy kernel, each way: all that CC forbids of the patterns. */
    private static List<PatternPlan> kernelOnly() {
        return List.of(host(TrafficPattern.ALL_TO_HOST, CopyPath.KERNEL), host(TrafficPattern.HOST_TO_ALL, CopyPath.KERNEL));
    }

    private static BandwidthPlan plan() {
        return new BandwidthPlan(List.of(4096L), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.D2H), 5, 1,
                CopyTimer.EVENTS, List.of(CopyPath.DRIVER), BandwidthPlan.DEFAULT_STAGING);
    }

    private FinishedRun run(OutputFormat format, List<PatternPlan> plans, List<String> expectations) {
        MeasuringRun measuring = measuring(format);
        return new PatternRun(measuring).run(measuring.sessions(), plans, plan(), ExpectationSet.parse(expectations));
    }

    /**
     * {@code --pattern all-to-host,host-to-all --copy kernel} over two GPUs: both waived with the
     * kernel's reason, in a document without rows (exit 0, as every waived-only run), and skipped in
     * --junit; no engine is built, so no GPU is asked anything. Before, the run went on to the engine.
     */
    @Test
    @SuppressWarnings("unchecked")
    void hostPatternsByTheKernelAreWaivedBeforeAnyGpuIsAsked() throws IOException {
        FinishedRun finished = run(OutputFormat.JSON, kernelOnly(), List.of());
        assertEquals(ExitCode.OK, ExitCode.of(finished));
        Map<String, Object> document = (Map<String, Object>) JsonMaps.parse(out.toString());
        SchemaContract.requireValid(document, "patterns all waived");
        assertEquals(List.of(), document.get("patterns"), document.toString());
        List<Map<String, Object>> waived = (List<Map<String, Object>>) document.get("waived");
        assertEquals(List.of("all-to-host kernel 4096 B", "host-to-all kernel 4096 B"),
                waived.stream().map(w -> w.get("configuration")).toList(), document.toString());
        assertTrue(waived.stream().allMatch(w -> KERNEL_REFUSED.equals(w.get("reason"))), waived::toString);
        // stdout holds only the document: CC's state goes to stderr, once.
        assertEquals(1, err.toString().lines().filter(l -> l.contains(STATE)).count(), err.toString());
        String junit = Files.readString(folder.resolve("junit.xml"));
        assertEquals(2, junit.split("<skipped", -1).length - 1, junit);
        assertTrue(junit.contains("all-to-host kernel 4096 B"), junit);
    }

    /**
     * {@code --device all} finding one GPU: every pattern is waived for needing two, whatever CC says of
     * it, and the run still says CC's state, as the one-GPU bandwidth run does: in the text, or on stderr
     * beside --json. Before, a pattern run on one GPU never said it.
     */
    @Test
    void oneGpuSaysTheStateBesideThePatternsWaivedForNeedingTwo() {
        for (OutputFormat format : List.of(OutputFormat.TEXT, OutputFormat.JSON)) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            MeasuringRun measuring = measuring(format, DeviceSelection.everyDevice(), 1);
            FinishedRun finished = new PatternRun(measuring).run(measuring.sessions(), kernelOnly(), plan(),
                    ExpectationSet.parse(List.of()));
            assertEquals(ExitCode.OK, ExitCode.of(finished));
            String said = format == OutputFormat.TEXT ? out.toString() : err.toString();
            assertEquals(1, said.lines().filter(l -> l.contains(STATE)).count(), format + ": " + said);
            assertTrue(out.toString().contains("they need two GPUs at least"), out.toString());
            assertTrue(!out.toString().contains(KERNEL_REFUSED), "waived for one GPU, not for CC: " + out);
        }
    }

    @Test
    void theTextShowsTheGpusTheStateAndTheWaiverLine() {
        run(OutputFormat.TEXT, kernelOnly(), List.of());
        String text = out.toString();
        for (int gpu = 0; gpu < 2; gpu++) {
            assertTrue(text.contains(ResultsFixtures.context(MultiDeviceFixtures.h200At(gpu, 0x17 + gpu, 0)).headline()),
                    text);
        }
        assertTrue(text.contains("note: " + STATE), text);
        assertTrue(text.contains("waived: " + KERNEL_REFUSED + ": all-to-host kernel 4096 B, host-to-all kernel 4096 B\n"),
                text);
        assertEquals("", err.toString());
    }

    /**
     * The copy engines' all-to-host is left, the kernel's is not: an expectation on the kernel's
     * round names a result the run will not produce, refused before anything is measured (exit 2).
     * Before, every planned pattern's names were declared and the run went on to the GPUs.
     */
    @Test
    void anExpectationOnAWaivedPatternIsRefusedBeforeMeasuring() {
        List<PatternPlan> both = List.of(host(TrafficPattern.ALL_TO_HOST, CopyPath.DRIVER),
                host(TrafficPattern.ALL_TO_HOST, CopyPath.KERNEL));
        ExpectationException refused = assertThrows(ExpectationException.class, () -> run(OutputFormat.JSON, both,
                List.of("pattern.all-to-host.kernel.4KiB.gpu1 >= 1GB/s")));
        assertTrue(refused.getMessage().contains("this run produces no result named pattern.all-to-host.kernel.4KiB.gpu1"),
                refused.getMessage());
    }

    /**
     * Host patterns by the copy engines and by the kernel, and a GPU pattern by the kernel: the
     * kernel's host pattern is waived; the copy engines' runs marked as bounced, the GPU pattern as
     * needing the protected-PCIe mode, under the state's line.
     */
    @Test
    void theKernelsHostPatternIsWaivedAndTheRestMarked() {
        PatternPlan driver = host(TrafficPattern.HOST_TO_ALL, CopyPath.DRIVER);
        PatternPlan kernel = host(TrafficPattern.HOST_TO_ALL, CopyPath.KERNEL);
        PatternPlan peers = new PatternPlan(TrafficPattern.ONE_TO_ALL, false, Initiation.READ, CopyPath.KERNEL, 4096);
        ConfidentialComputingPatternRules rules = ConfidentialComputingPatternRules.apply(List.of(driver, kernel, peers),
                ConfidentialComputingFixtures.CC_ON);
        assertEquals(List.of(driver, peers), rules.kept());
        assertEquals(List.of(new Waiver("host-to-all kernel 4096 B", KERNEL_REFUSED)), rules.waived());
        assertEquals(3, rules.notes().size(), rules.notes().toString());
        assertTrue(rules.notes().get(0).startsWith(STATE), rules.notes().toString());
        assertTrue(rules.notes().get(1).contains("encrypted bounce buffer"), rules.notes().toString());
        assertTrue(rules.notes().get(2).contains("protected-PCIe mode"), rules.notes().toString());
        assertEquals(ConfidentialComputing.marks(
                ((Reading.Known<ConfidentialComputingState>) ConfidentialComputingFixtures.CC_ON).value(),
                true, true), rules.notes());
    }

    /** GPU patterns alone: nothing waived, no bounce buffer to mark, only the pairs' mode. */
    @Test
    void gpuPatternsAreOnlyMarked() {
        List<PatternPlan> peers = List.of(new PatternPlan(TrafficPattern.ALL_TO_ONE, false, Initiation.WRITE,
                CopyPath.DRIVER, 4096), new PatternPlan(TrafficPattern.ONE_TO_ALL, false, Initiation.READ, CopyPath.KERNEL,
                4096));
        ConfidentialComputingPatternRules rules = ConfidentialComputingPatternRules.apply(peers, ConfidentialComputingFixtures.CC_ON);
        assertEquals(peers, rules.kept());
        assertEquals(List.of(), rules.waived());
        assertEquals(2, rules.notes().size(), rules.notes().toString());
        assertTrue(rules.notes().get(1).contains("protected-PCIe mode"), rules.notes().toString());
    }

    @Test
    void offOrUnknownChangesNothing() {
        List<PatternPlan> every = List.of(host(TrafficPattern.ALL_TO_HOST, CopyPath.KERNEL),
                host(TrafficPattern.HOST_TO_ALL, CopyPath.DRIVER),
                new PatternPlan(TrafficPattern.ALL_TO_ONE, false, Initiation.READ, CopyPath.KERNEL, 4096));
        for (Reading<ConfidentialComputingState> state : List.of(Reading.of(ConfidentialComputingState.off()),
                Reading.<ConfidentialComputingState>unknown("NVML_ERROR_FUNCTION_NOT_FOUND"))) {
            ConfidentialComputingPatternRules rules = ConfidentialComputingPatternRules.apply(every, state);
            assertEquals(every, rules.kept());
            assertEquals(List.of(), rules.waived());
            assertEquals(List.of(), rules.notes());
        }
    }

    /**
     * What a run CC leaves something to measure writes beside its rows: the waivers in the document,
     * after the patterns, and one line per reason in the text.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aPartlyWaivedRunCarriesItsWaiversInTheDocumentAndTheText() {
        List<Waiver> waived = List.of(new Waiver("all-to-host kernel 536870912 B", KERNEL_REFUSED));
        List<RunContext> contexts = List.of(ResultsFixtures.context(MultiDeviceFixtures.h200At(0, 0x17, 0)),
                ResultsFixtures.context(MultiDeviceFixtures.h200At(1, 0x18, 0)));
        Map<String, Object> document = (Map<String, Object>) JsonMaps.parse(Json.write(
                PatternRun.document(contexts, List.of(0, 1), PatternFixtures.plans(), plan(), PatternFixtures.results(),
                        PatternFixtures.failures(), waived)));
        SchemaContract.requireValid(document, "patterns with a waived one");
        assertEquals(4, ((List<Object>) document.get("patterns")).size(), document.toString());
        assertEquals(List.of(Map.of("configuration", "all-to-host kernel 536870912 B", "reason", KERNEL_REFUSED)),
                document.get("waived"), document.toString());
        String text = PatternText.render(contexts.stream().map(RunContext::headline).toList(), List.of(0, 1),
                PatternFixtures.results(), PatternFixtures.failures(), List.of(), waived);
        assertTrue(text.endsWith("waived: " + KERNEL_REFUSED + ": all-to-host kernel 536870912 B\n"), text);
    }
}
