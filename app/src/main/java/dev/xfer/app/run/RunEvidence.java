package dev.xfer.app.run;

import dev.xfer.app.evidence.DisturbanceRules;
import dev.xfer.app.evidence.EvidenceRecorder;
import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.format.OrUnavailable;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.result.Disturbance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The evidence of a measuring run: one {@link EvidenceRecorder} per GPU opened, from when it is
 * opened until the run's results are written, and the phases the run's {@code Progress} events
 * mark. A configuration's {@code measuring} event starts a phase on every GPU of the run (a run of
 * several GPUs at once measures them together; for one measured alone, the others' phases report
 * no own bytes and so are not judged for link traffic); the time from opening to the first
 * configuration is a phase ({@code setup}) as well, since warm-up copies run there. Only after the
 * last configuration is xfer idle on the link. The events come at safe points, between timed
 * windows, so the snapshots never fall inside one.
 */
public final class RunEvidence implements AutoCloseable {
    /** What the document and the text carry for one GPU. */
    public record Found(OrUnavailable<GpuEvidence.Document> evidence, List<Disturbance> disturbances,
                        Optional<String> line) {
        static Found of(GpuEvidence e) {
            return new Found(e.toJson(), e.disturbances(), e.line());
        }
    }

    private final Supplier<GpuProbes> probes;
    private final boolean memoryHealth;
    private final Map<Integer, Opened> opened = new LinkedHashMap<>();
    /** Recorders started before CUDA opened their GPU ({@link #opening}), until it has. */
    private final Map<Integer, EvidenceRecorder> early = new LinkedHashMap<>();
    private Map<Integer, Found> found;

    private record Opened(EvidenceRecorder recorder) {
    }

    /** @param memoryHealth whether snapshots read ECC, retired pages and remapped rows (smoke) */
    public RunEvidence(Supplier<GpuProbes> probes, boolean memoryHealth) {
        this.probes = probes;
        this.memoryHealth = memoryHealth;
    }

    /**
     * The system's Confidential Computing state as the first opened GPU's probe read it (NVML's
     * state is the system's, not a GPU's); unknown before any GPU was opened.
     */
    public synchronized dev.xfer.app.evidence.Reading<dev.xfer.app.evidence.ConfidentialComputingState> confidentialComputing() {
        return opened.values().stream().findFirst().map(o -> o.recorder().confidentialComputing())
                .orElse(dev.xfer.app.evidence.Reading.unknown("no GPU opened yet"));
    }

    /**
     * Starts recording the GPU CUDA will call {@code index}, before CUDA has opened it (once per
     * GPU): its probe opens while CUDA starts and creates the context, so the window before the
     * first configuration covers them. {@link #opened} then says which GPU CUDA opened.
     */
    public synchronized void opening(int index) {
        if (opened.containsKey(index) || early.containsKey(index) || found != null) {
            return;
        }
        early.put(index, EvidenceRecorder.startBeforeCuda(probes, index, memoryHealth));
    }

    /** CUDA could not open GPU {@code index}: what was started for it stops. */
    public synchronized void notOpened(int index) {
        EvidenceRecorder r = early.remove(index);
        if (r != null) {
            r.close();
        }
    }

    /** Starts recording {@code session}'s GPU (once per GPU). */
    public void opened(Session session) {
        opened(session.context());
    }

    /**
     * CUDA opened the GPU of {@code context}: the recorder {@link #opening} started for it is held to
     * that GPU (once per GPU). Its window before the first configuration runs on while the caller
     * creates the GPU's context; {@link #setUp} closes it.
     */
    public synchronized void opened(RunContext context) {
        int index = context.device().index();
        if (opened.containsKey(index) || found != null) {
            return;
        }
        GpuProbes.Target target = new GpuProbes.Target(index, context.device().normalizedBusId(),
                context.device().uuid());
        // opening(index) started its recorder before CUDA did (OpenedDevices calls it first, always).
        EvidenceRecorder before = early.remove(index);
        if (before != null) {
            before.identified(target);
            opened.put(index, new Opened(before));
        }
    }

    /**
     * GPU {@code index} has its context: from here its engine may copy (warm-ups), so a phase
     * ({@code setup}) starts, which ends the window before the first configuration.
     */
    public synchronized void setUp(int index) {
        Opened o = opened.get(index);
        if (o != null) {
            o.recorder().phaseStarted("setup");
        }
    }

    /** Configuration {@code name} starts now, on every GPU of the run. */
    public synchronized void phase(String name) {
        opened.values().forEach(o -> o.recorder().phaseStarted(name));
    }

    /** GPU {@code index}'s copies moved these bytes in the current phase. */
    public synchronized void moved(int index, long toDevice, long fromDevice) {
        Opened o = opened.get(index);
        if (o != null) {
            o.recorder().moved(toDevice, fromDevice);
        }
    }

    /** Measuring is over: from here xfer is idle on every link, and each GPU's window after begins. */
    public synchronized void idle() {
        opened.values().forEach(o -> o.recorder().idle());
    }

    /** Each GPU's evidence, judged; recording stops at the first call. */
    public synchronized Map<Integer, Found> found() {
        if (found == null) {
            DisturbanceRules rules = new DisturbanceRules();
            found = new LinkedHashMap<>();
            opened.forEach((index, o) -> found.put(index, Found.of(o.recorder().finish(rules))));
            close();
        }
        return found;
    }

    /** The lines saying what disturbed which GPU, in device order; none when nothing did. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        found().values().forEach(f -> f.line().ifPresent(out::add));
        return out;
    }

    /** GPU {@code index}'s disturbances; none when it was not recorded. */
    public List<Disturbance> disturbances(int index) {
        Found f = found().get(index);
        return f == null ? List.of() : f.disturbances();
    }

    /** Whether any GPU was disturbed. */
    public boolean disturbed() {
        return found().values().stream().anyMatch(f -> !f.disturbances().isEmpty());
    }

    /**
     * {@code document} with each GPU's {@code evidence} in its context and its {@code disturbances}
     * on its entry: the document itself for one GPU, each of {@code devices} for several (matched
     * by {@code context.device.index}). A GPU without a recording is left as it was.
     */
    public RunDocument annotate(RunDocument document) {
        Map<Integer, Found> all = found();
        return document.eachGpu(gpu -> {
            Found f = all.get(gpu.context().index());
            return f == null ? gpu : gpu.withEvidence(f.evidence(), f.disturbances());
        });
    }

    @Override
    public synchronized void close() {
        for (Opened o : opened.values()) {
            o.recorder().close();
        }
        early.values().forEach(EvidenceRecorder::close);
        early.clear();
    }
}
