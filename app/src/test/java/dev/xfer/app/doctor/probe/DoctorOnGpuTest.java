package dev.xfer.app.doctor.probe;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.doctor.Cause;
import dev.xfer.app.doctor.Diagnosis;
import dev.xfer.app.doctor.DoctorGpu;
import dev.xfer.app.doctor.DoctorReport;
import dev.xfer.app.doctor.Evidence;
import dev.xfer.app.doctor.Finding;
import dev.xfer.app.doctor.FirstCalls;
import dev.xfer.app.doctor.HostReads;
import dev.xfer.app.evidence.NvmlProbes;
import dev.xfer.app.doctor.ProbeFigures;
import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.cuda.CudaRuntime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Doctor's probe and whole run on a real GPU: the probe's records become findings, within its time budget. */
@Tag("gpu")
class DoctorOnGpuTest {
    /** The budget: at most 15 s of probing a GPU. */
    private static final double BUDGET_SECONDS = 15;
    private static CudaRuntime cuda;

    @BeforeAll
    static void gpu() {
        cuda = CudaRuntime.load(Optional.empty());
    }

    @Test
    void theProbeMeasuresEveryFigureWithinItsBudget() {
        ProbeFigures figures = new DoctorProbe(cuda.device(0), OptionalDouble.empty())
                .measure(new NumaTopologyReader().read(), OptionalInt.empty());
        assertTrue(figures.pinnedH2d() > 0 && figures.pageableH2d() > 0, figures.toString());
        // Pageable memory goes through the driver's own pinned buffers: never faster than pinned by much.
        assertTrue(figures.pageableH2d() < figures.pinnedH2d() * 1.1, figures.toString());
        assertTrue(figures.stagedH2d().isPresent() && figures.hostCopies().isPresent()
                && figures.slotsDma().isPresent(), figures.toString());
        assertTrue(figures.seconds() > 0 && figures.seconds() < BUDGET_SECONDS, figures.toString());
        // The host's reads of write-combined and of cached pinned memory are measured: two rates.
        HostReads reads = (HostReads) assertInstanceOf(Reading.Known.class, figures.hostReads(), figures.toString())
                .value();
        assertTrue(reads.writeCombinedGBps() > 0 && reads.pinnedGBps() > 0, figures.toString());
    }

    @Test
    void aWholeRunOnEveryGpu() {
        long start = System.nanoTime();
        DoctorReport report = new DoctorRun(Path.of("/sys"), e -> "xfer: " + e.getMessage(),
                new NvmlProbes()).run(() -> cuda, DeviceSelection.everyDevice(), true);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(report.cuda().usable());
        assertEquals(cuda.deviceCount(), report.gpus().size());
        for (DoctorGpu gpu : report.gpus()) {
            assertTrue(gpu.probe().orElseThrow().seconds() < BUDGET_SECONDS, gpu.toString());
            // The first CUDA calls are timed: the driver's initialisation, then this GPU's context.
            FirstCalls first = gpu.firstCalls().orElseThrow();
            assertTrue(first.driverSeconds() > 0 && first.contextSeconds().orElseThrow() > 0, first.toString());
            Diagnosis persistence = one(report, Cause.PERSISTENCE_MODE, gpu);
            List<Evidence> evidence = switch (persistence) {
                case Diagnosis.Clear c -> c.evidence();
                case Diagnosis.Found f -> f.finding().evidence();
                case Diagnosis.Unknown u -> throw new AssertionError(u.toString());
            };
            assertTrue(evidence.stream().anyMatch(e -> e.what().endsWith("context creation")), evidence.toString());
            assertFalse(one(report, Cause.WRITE_COMBINED_READ, gpu) instanceof Diagnosis.Unknown, report.toString());
            List<Finding> pageable = report.findings().stream().filter(f -> f.cause() == Cause.PAGEABLE_MEMORY
                    && f.scope().equals(gpu.scope())).toList();
            assertEquals(1, pageable.size(), report.findings().toString());
        }
        int pairs = report.gpus().size() * (report.gpus().size() - 1);
        assertEquals(pairs, report.diagnoses().stream().filter(d -> d.cause() == Cause.PEER_ACCESS).count());
        // The GPU machines have NVML: every NVML-based check is judged, none unknown.
        for (Cause nvml : List.of(Cause.CLOCKS_THROTTLED, Cause.PCIE_REPLAYS, Cause.PERSISTENCE_MODE,
                Cause.FOREIGN_PROCESSES, Cause.FOREIGN_TRAFFIC, Cause.PEER_STATUS_NVML)) {
            List<Diagnosis> of = report.diagnoses().stream().filter(d -> d.cause() == nvml).toList();
            assertEquals(nvml == Cause.PEER_STATUS_NVML ? pairs : report.gpus().size(), of.size(), nvml.toString());
            assertTrue(of.stream().noneMatch(d -> d instanceof Diagnosis.Unknown), of.toString());
        }
        // xfer's own context is never a foreign process.
        assertTrue(report.findings().stream().noneMatch(f -> f.cause() == Cause.FOREIGN_PROCESSES
                && f.evidence().toString().matches("(?s).*\\bpid " + ProcessHandle.current().pid() + "\\b.*")),
                report.findings().toString());
        assertTrue(seconds < BUDGET_SECONDS * report.gpus().size() + 5, seconds + " s");
    }

    private static Diagnosis one(DoctorReport report, Cause cause, DoctorGpu gpu) {
        List<Diagnosis> of = report.diagnoses().stream().filter(d -> d.cause() == cause
                && d.scope().equals(gpu.scope())).toList();
        assertEquals(1, of.size(), of.toString());
        return of.getFirst();
    }
}
