package dev.xfer.app.evidence;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Records one GPU's evidence through a run: snapshots around each measured phase, link samples
 * every {@link #PERIOD}, and two {@link IdleWindow}s in which xfer moves nothing on the link.
 * <p>
 * <b>Off the measuring path.</b> A recorder {@linkplain #start started} for a run reads NVML on a
 * thread of its own, the reader, and only there: it opens the probe ({@code nvmlInit_v2} costs
 * tens to hundreds of milliseconds) while the caller creates its CUDA context, and it takes the
 * snapshots that phase boundaries ask for. The run loop's calls ({@link #phaseStarted},
 * {@link #phaseEnded}, {@link #moved}) only note the time; none waits for NVML. A snapshot taken
 * after the boundary that asked for it is dated when it was taken: a phase's start snapshot is the
 * last one read at or before its start, its end snapshot the first one read at or after its end,
 * so the pair always spans the phase (for the replay counter and the link state, a slightly wider
 * stretch, never a narrower one). Measured on an H200 (docs/evidence.md): one snapshot is about a
 * millisecond of NVML calls, one link sample about 40 ms (two throughput calls of ~20 ms each), so
 * the old way, with both read on the measuring thread at every boundary, doubled a short run.
 * <p>
 * <b>Idle windows.</b> The window before the first configuration runs from the probe's first link
 * sample until the first phase starts: it overlaps the context creation the caller does meanwhile,
 * which moves nothing on the link, and nobody waits for it. It is judged where it spans the rules'
 * minimum, and otherwise only recorded with its length (a fast set-up leaves it short). The window
 * after the last configuration starts {@link #SETTLE} after {@link #idle()} and lasts
 * {@link #IDLE_AFTER}; {@link #finish} waits only for what is left of it by then. Inside a window
 * the link is read every {@link #IDLE_STEP}. A probe that cannot read (no NVML) takes neither
 * window: such a machine pays nothing.
 * <p>
 * xfer's own bytes: an engine reports what its copies moved in the phase through {@link #moved};
 * a phase without a report has {@code ownBytes} unknown and its link traffic is not judged.
 * <p>
 * Tests replaying recorded readings make a recorder without the reader ({@code background}
 * false): then each boundary reads a link sample and a snapshot on the caller's thread, in the
 * order a {@link RecordedProbe} replays them, and no window is waited for.
 */
public final class EvidenceRecorder implements AutoCloseable {
    /** How often the link counters are read during phases: fine enough for a 200 ms window to hold two samples. */
    public static final Duration PERIOD = Duration.ofMillis(100);
    /** The idle window after the last configuration, shorter, since a run ends soon after. */
    public static final Duration IDLE_AFTER = Duration.ofMillis(100);
    /**
     * How long after the last configuration the after window starts: counters that trail the
     * copies (updated by the GPU a little later) must not put xfer's last bytes into it.
     */
    static final Duration SETTLE = Duration.ofMillis(50);
    /** How often the link is read inside an idle window: several samples, for rate counters too. */
    static final Duration IDLE_STEP = Duration.ofMillis(50);
    /** The shortest idle window the default rules judge. */
    private static final long JUDGED_IDLE_NANOS =
            Duration.ofMillis(DisturbanceRules.Thresholds.DEFAULT.minIdleWindowMillis()).toNanos();

    /** A phase as the run loop marked it; its snapshots are chosen by time when the run ends. */
    private record Mark(String name, long startNanos, long endNanos, Optional<Phase.OwnBytes> ownBytes) {
    }

    private final String gpu;
    private final long ownPid;
    private final boolean memoryHealth;
    private final boolean background;
    /** Opens the probe on the reader; for a recorder started before CUDA, gives null where no guess could be made. */
    private final Supplier<GpuProbe> opening;
    /**
     * For a recorder started before CUDA ({@link #startBeforeCuda}): opens the probe by what CUDA
     * said of the GPU ({@link #identified}), where the guess was none or wrong; null otherwise.
     */
    private final Supplier<GpuProbes> byTarget;
    private final Optional<Thread> reader;

    // Everything below is guarded by this recorder's monitor.
    private GpuProbe probe;
    /** Set once the probe is open (or known unavailable) and its first readings are in. */
    private boolean ready;
    private final List<GpuSnapshot> snapshots = new ArrayList<>();
    private final List<LinkSample> samples = new ArrayList<>();
    private final List<Mark> marks = new ArrayList<>();
    private final List<IdleWindow> idleWindows = new ArrayList<>();
    private String samplesUnknown;
    private boolean snapshotWanted;

    private String phaseName;
    private long phaseStartNanos;
    private Phase.OwnBytes phaseOwn;
    /** The thread that started the open phase; bytes reported from another make its own bytes unknown. */
    private Thread phaseThread;
    private boolean phaseOwnUnknown;
    private boolean anyPhaseStarted;
    /** The first link sample of the window before the first configuration; null once it is closed or if none. */
    private LinkSample beforeFrom;

    /** The monotonic clock when the last phase ended; -1 before any did. */
    private long lastEndedAt = -1;
    /** When {@link #idle()} was called (the after window starts {@link #SETTLE} later); -1 before. */
    private long idleSince = -1;
    /** The reader has taken the after window and the last snapshot, or has stopped. */
    private boolean done;
    private boolean stopping;
    /** How long the run's own thread waited for the evidence: for what was left of the window after, in {@link #finish}. */
    private long waitedNanos;
    /** When the recorder started, and how long after that its probe could read (NVML opened, first readings in). */
    private final long startedAt = System.nanoTime();
    private long readyAfterNanos;
    private GpuEvidence finished;
    /** Read once when the probe opens; null until then. */
    private Reading<ConfidentialComputingState> confidentialComputing;
    /** What CUDA says the GPU is, for a recorder started before CUDA; null until {@link #identified}. */
    private GpuProbes.Target target;
    /** Whether the probe is known to read the GPU CUDA measures: always, for a recorder started after CUDA. */
    private boolean identityChecked;

    /**
     * A recorder of readings the caller drives (tests): each boundary reads on the caller's thread.
     *
     * @param gpu          the GPU in plain words: {@code GPU 0}
     * @param memoryHealth whether snapshots read ECC, retired pages and remapped rows (smoke)
     * @param background   whether to read on a thread of its own; tests pass false
     */
    public EvidenceRecorder(GpuProbe probe, String gpu, long ownPid, boolean memoryHealth, boolean background) {
        this(() -> probe, null, gpu, ownPid, memoryHealth, background);
    }

    private EvidenceRecorder(Supplier<GpuProbe> opening, Supplier<GpuProbes> byTarget, String gpu, long ownPid,
                             boolean memoryHealth, boolean background) {
        this.opening = opening;
        this.byTarget = byTarget;
        this.identityChecked = byTarget == null;
        this.gpu = gpu;
        this.ownPid = ownPid;
        this.memoryHealth = memoryHealth;
        this.background = background;
        if (background) {
            Thread t = Thread.ofPlatform().daemon(true).name("xfer-evidence-" + gpu.replace(' ', '-'))
                    .unstarted(this::read);
            this.reader = Optional.of(t);
            t.start();
        } else {
            this.reader = Optional.empty();
            openAndReadFirst();
        }
    }

    /**
     * A recorder for one GPU of this process: {@code opening} runs on the reader's thread, so the
     * caller can create its CUDA context meanwhile (that is the window before the first
     * configuration). The recorder owns the probe and closes it.
     */
    public static EvidenceRecorder start(Supplier<GpuProbe> opening, String gpu, boolean memoryHealth) {
        return new EvidenceRecorder(opening, null, gpu, ProcessHandle.current().pid(), memoryHealth, true);
    }

    /**
     * A recorder for the GPU CUDA will call {@code cudaIndex}, started before CUDA is: the probe
     * opens ({@link GpuProbes#openBeforeCuda}) while CUDA loads, starts and creates its context,
     * about a third of a second that moves nothing on the link, so the window before the first
     * configuration is long enough to judge and the one after the last is not needed. The caller
     * says which GPU CUDA opened with {@link #identified}; a guess that was wrong is dropped with
     * all it read, and the recorder goes on as one started then.
     */
    public static EvidenceRecorder startBeforeCuda(Supplier<GpuProbes> probes, int cudaIndex, boolean memoryHealth) {
        return new EvidenceRecorder(() -> probes.get().openBeforeCuda(cudaIndex).orElse(null), probes,
                "GPU " + cudaIndex, ProcessHandle.current().pid(), memoryHealth, true);
    }

    /**
     * CUDA opened the GPU as {@code target}: a recorder {@linkplain #startBeforeCuda started before
     * CUDA} holds its probe to it (on the reader's thread: the caller never waits for NVML).
     */
    public synchronized void identified(GpuProbes.Target target) {
        if (this.target == null) {
            this.target = target;
            notifyAll();
        }
    }

    /** As {@link #start(Supplier, String, boolean)} for a probe already open. */
    public static EvidenceRecorder start(GpuProbe probe, String gpu, boolean memoryHealth) {
        return start(() -> probe, gpu, memoryHealth);
    }

    /** Opens the probe and reads the first snapshot and link sample; the window before starts there. */
    private void openAndReadFirst() {
        GpuProbe p = open(opening);
        if (p == null) {
            // No guess before CUDA: the probe opens by what CUDA says, once it has said it.
            p = open(() -> byTarget.get().open(awaitTarget()));
            synchronized (this) {
                identityChecked = true;
            }
        }
        readFirst(p);
    }

    private static GpuProbe open(Supplier<GpuProbe> opening) {
        try {
            return opening.get();
        } catch (RuntimeException e) {
            return new UnavailableProbe("the GPU probe could not be opened: " + e.getMessage());
        }
    }

    /** The target CUDA named; one that says nothing where the recorder was stopped first. */
    private synchronized GpuProbes.Target awaitTarget() {
        while (target == null && !stopping) {
            waitNanos(IDLE_STEP.toNanos());
        }
        if (target == null) {
            throw new IllegalStateException("the run ended before CUDA named the GPU");
        }
        return target;
    }

    /** Takes {@code p} as the probe and reads its first snapshot and link sample. */
    private void readFirst(GpuProbe p) {
        // System-wide and fixed while the machine runs: read once, first, since a plan may wait for it.
        Reading<ConfidentialComputingState> cc = p.unavailable().isPresent() ? Reading.unknown(p.unavailable().get())
                : p.confidentialComputing();
        synchronized (this) {
            probe = p;
            if (confidentialComputing == null || p.unavailable().isEmpty()) {
                confidentialComputing = cc;
            }
            notifyAll();
        }
        if (p.unavailable().isEmpty()) {
            // The link first: the window before starts with this sample, and a process's first
            // snapshot is its slowest (about 100 ms on an H100, ECC and retired pages first read).
            LinkSample at = sampleAndKeep(p);
            GpuSnapshot first = snapshot(p);
            synchronized (this) {
                snapshots.add(first);
                beforeFrom = anyPhaseStarted ? null : at;
            }
        }
        synchronized (this) {
            ready = true;
            readyAfterNanos = System.nanoTime() - startedAt;
            notifyAll();
        }
    }

    /** The reader thread: opens the probe, then samples and snapshots until the run ends. */
    private void read() {
        openAndReadFirst();
        GpuProbe p;
        synchronized (this) {
            p = probe;
            if (p.unavailable().isPresent()) {
                done = true;
                notifyAll();
                return;
            }
        }
        // In the window before, the next sample at once: the first snapshot took its time already,
        // and a window is judged once its samples span 80 ms.
        long nextSample;
        synchronized (this) {
            nextSample = System.nanoTime() + (anyPhaseStarted ? IDLE_STEP.toNanos() : 0);
        }
        while (true) {
            boolean takeSnapshot;
            boolean takeSample;
            boolean afterWindow;
            boolean identify;
            synchronized (this) {
                while (true) {
                    if (stopping) {
                        done = true;
                        notifyAll();
                        return;
                    }
                    long now = System.nanoTime();
                    // With the window before judged, the run needs none after: it ends at once.
                    long afterAt = idleSince < 0 ? Long.MAX_VALUE
                            : idleSince + (judgedBefore() ? 0 : SETTLE.toNanos());
                    identify = !identityChecked && target != null;
                    afterWindow = now >= afterAt;
                    takeSnapshot = snapshotWanted;
                    takeSample = now >= nextSample;
                    if (identify || afterWindow || takeSnapshot || takeSample) {
                        if (!identify) {
                            snapshotWanted = false;
                        }
                        break;
                    }
                    waitNanos(Math.min(nextSample, afterAt) - now);
                }
            }
            if (identify) {
                p = heldToTarget(p);
                if (p.unavailable().isPresent()) {
                    synchronized (this) {
                        done = true;
                        notifyAll();
                    }
                    return;
                }
                continue;
            }
            if (afterWindow) {
                long since;
                synchronized (this) {
                    since = idleSince;
                }
                afterTheLastPhase(p, since);
                return;
            }
            if (takeSnapshot) {
                GpuSnapshot s = snapshot(p);
                synchronized (this) {
                    snapshots.add(s);
                }
            }
            if (takeSample) {
                sampleAndKeep(p);
                boolean inWindow;
                synchronized (this) {
                    inWindow = !anyPhaseStarted;
                }
                // At a fixed rate: a throughput sample itself takes ~40 ms, and a window's samples
                // should lie IDLE_STEP apart, not IDLE_STEP after the previous one returned.
                nextSample = Math.max(nextSample + (inWindow ? IDLE_STEP : PERIOD).toNanos(), System.nanoTime());
            }
        }
    }

    /** Waits on this recorder's monitor, at most {@code nanos}; the caller holds the monitor. */
    private void waitNanos(long nanos) {
        if (nanos <= 0) {
            return;
        }
        try {
            wait(Math.max(1, nanos / 1_000_000), 0);
        } catch (InterruptedException e) {
            stopping = true;
            Thread.currentThread().interrupt();
        }
    }

    /**
     * {@code p} held to the GPU CUDA named: kept where it reads that GPU; otherwise (the guess before
     * CUDA was wrong) closed, everything it read dropped (another GPU's), and the right GPU's probe
     * opened as a recorder started now would, its window before starting with its first sample.
     */
    private GpuProbe heldToTarget(GpuProbe p) {
        GpuProbes.Target t;
        synchronized (this) {
            identityChecked = true;
            t = target;
        }
        if (p.isOf(t)) {
            return p;
        }
        synchronized (this) {
            samples.clear();
            snapshots.clear();
            idleWindows.clear();
            beforeFrom = null;
            samplesUnknown = null;
            ready = false;
        }
        p.close();
        GpuProbe right = open(() -> byTarget.get().open(t));
        readFirst(right);
        return right;
    }

    /**
     * Whether the window before the first configuration spans what the default rules judge: then
     * it has read the link idle (or not) for this run, and a window after would only repeat it at
     * the run's cost. Only a window of the GPU CUDA measures counts.
     */
    private synchronized boolean judgedBefore() {
        return identityChecked && idleWindows.stream().anyMatch(w -> w.during().equals(IdleWindow.BEFORE)
                && w.endNanos() - w.startNanos() >= JUDGED_IDLE_NANOS);
    }

    /**
     * The window after the last configuration: xfer has moved nothing since {@code idleSince}. It
     * starts {@link #SETTLE} after that and lasts {@link #IDLE_AFTER}; then the run's last snapshot.
     * Where the window before was judged, only the last snapshot. On the reader, or on the caller's
     * thread for a recorder without one.
     */
    private void afterTheLastPhase(GpuProbe p, long idleSince) {
        if (!judgedBefore()) {
            takeTheWindowAfter(p, idleSince);
        }
        GpuSnapshot end = snapshot(p);
        synchronized (this) {
            snapshots.add(end);
            done = true;
            notifyAll();
        }
    }

    /** The window after the last configuration's samples, kept as an idle window where they span any time. */
    private void takeTheWindowAfter(GpuProbe p, long idleSince) {
        sleep(idleSince + SETTLE.toNanos() - System.nanoTime());
        long began = System.nanoTime();
        LinkSample first = stoppingNow() ? null : sampleAndKeep(p);
        if (first == null) {
            return;
        }
        LinkSample last = first;
        long until = began + IDLE_AFTER.toNanos();
        for (long now = System.nanoTime(); now < until && !stoppingNow(); now = System.nanoTime()) {
            sleep(Math.min(IDLE_STEP.toNanos(), until - now));
            LinkSample s = sampleAndKeep(p);
            if (s != null) {
                last = s;
            }
        }
        if (last == first) {
            // Stopped before a reading (or none could be read since): one more ends the window.
            LinkSample s = sampleAndKeep(p);
            last = s != null ? s : first;
        }
        if (last.nanos() > first.nanos()) {
            synchronized (this) {
                idleWindows.add(new IdleWindow(IdleWindow.AFTER, first.nanos(), last.nanos()));
            }
        }
    }

    private synchronized boolean stoppingNow() {
        return stopping;
    }

    private void sleep(long nanos) {
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            synchronized (this) {
                stopping = true;
            }
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Phase {@code name} starts now; one still open ends first. The first phase closes the window
     * before the first configuration.
     */
    public void phaseStarted(String name) {
        if (background) {
            closeTheWindowBefore();
        }
        GpuProbe p = probeIfReadable();
        if (p == null && !background) {
            return;
        }
        phaseEnded();
        long at;
        if (background) {
            at = System.nanoTime(); // the reader may still be opening the probe: a mark needs no NVML
        } else {
            LinkSample sample = sampleAndKeep(p);
            GpuSnapshot s = snapshot(p);
            synchronized (this) {
                snapshots.add(s);
            }
            at = sample != null ? sample.nanos() : s.nanos();
        }
        synchronized (this) {
            phaseName = name;
            phaseStartNanos = at;
            phaseOwn = null;
            phaseThread = Thread.currentThread();
            phaseOwnUnknown = false;
            snapshotWanted = true;
            notifyAll();
        }
    }

    /**
     * The first phase closes the window before the first configuration, at the last link sample
     * read by now, without waiting: the window is what the caller's set-up (its context's creation)
     * left, judged when it spans the rules' minimum ({@link DisturbanceRules.Thresholds#minIdleWindowMillis})
     * and otherwise recorded with its length. A probe still opening by then takes no window.
     */
    private synchronized void closeTheWindowBefore() {
        if (anyPhaseStarted) {
            return;
        }
        anyPhaseStarted = true;
        if (beforeFrom != null) {
            long end = lastSampleNanos();
            if (end > beforeFrom.nanos()) {
                idleWindows.add(new IdleWindow(IdleWindow.BEFORE, beforeFrom.nanos(), end));
            }
        }
        beforeFrom = null;
        notifyAll();
    }

    private long lastSampleNanos() {
        return samples.isEmpty() ? Long.MIN_VALUE : samples.getLast().nanos();
    }

    /**
     * xfer's copies moved these bytes across the link in the open phase (added up). A report from
     * a thread other than the one that started the phase (GPUs measured at once, each on its own
     * thread, start phases on one another) cannot be placed in time: the phase's own bytes become
     * unknown, and its traffic is not judged.
     */
    public synchronized void moved(long toDevice, long fromDevice) {
        if (phaseName == null) {
            return;
        }
        if (Thread.currentThread() != phaseThread) {
            phaseOwnUnknown = true;
        }
        phaseOwn = phaseOwn == null ? new Phase.OwnBytes(toDevice, fromDevice) : phaseOwn.plus(toDevice, fromDevice);
    }

    /** The open phase, if any, ends now. */
    public void phaseEnded() {
        GpuProbe p = probeIfReadable();
        synchronized (this) {
            if ((p == null && !background) || phaseName == null) {
                return;
            }
        }
        long at;
        if (background) {
            at = System.nanoTime();
        } else {
            GpuSnapshot end = snapshot(p);
            LinkSample sample = sampleAndKeep(p);
            synchronized (this) {
                snapshots.add(end);
            }
            at = sample != null ? sample.nanos() : end.nanos();
        }
        synchronized (this) {
            marks.add(new Mark(phaseName, phaseStartNanos, at,
                    phaseOwnUnknown ? Optional.empty() : Optional.ofNullable(phaseOwn)));
            phaseName = null;
            lastEndedAt = System.nanoTime();
            snapshotWanted = true;
            notifyAll();
        }
    }

    /**
     * Measuring is over: the open phase ends, and from here xfer moves nothing on the link. The
     * reader takes the window after the last configuration while the caller frees what it holds.
     */
    public void idle() {
        phaseEnded();
        synchronized (this) {
            if (idleSince < 0 && anyPhaseStarted) {
                idleSince = System.nanoTime();
                notifyAll();
            }
        }
    }

    /** Reads the link counters once, on the caller's thread (tests): the sample, or null when unreadable. */
    public LinkSample sample() {
        GpuProbe p = probeIfReadable();
        return p == null ? null : sampleAndKeep(p);
    }

    private LinkSample sampleAndKeep(GpuProbe p) {
        LinkSample s = sample(p);
        if (s != null) {
            synchronized (this) {
                samples.add(s);
                notifyAll(); // the first phase may be waiting for the window before to fill
            }
        }
        return s;
    }

    private LinkSample sample(GpuProbe p) {
        Reading<LinkSample> r;
        try {
            r = p.linkSample();
        } catch (RuntimeException e) {
            r = Reading.unknown(String.valueOf(e.getMessage()));
        }
        return switch (r) {
            case Reading.Known<LinkSample> k -> k.value();
            case Reading.Unknown<LinkSample> u -> {
                synchronized (this) {
                    samplesUnknown = u.why();
                }
                yield null;
            }
        };
    }

    private GpuSnapshot snapshot(GpuProbe p) {
        try {
            return p.snapshot(memoryHealth);
        } catch (RuntimeException e) {
            return GpuSnapshot.unknown(Instant.now(), System.nanoTime(), String.valueOf(e.getMessage()));
        }
    }

    /** The probe once it can read; null while it is being opened by the reader, or when it cannot read. */
    private synchronized GpuProbe probeIfReadable() {
        return ready && probe.unavailable().isEmpty() ? probe : null;
    }

    /**
     * Ends the open phase, waits for what is left of the window after the last configuration,
     * stops reading, and judges what was read. Once; later calls give the same.
     */
    public GpuEvidence finish(DisturbanceRules rules) {
        synchronized (this) {
            if (finished != null) {
                return finished;
            }
        }
        long began = System.nanoTime();
        if (background) {
            idle();
            synchronized (this) {
                if (!anyPhaseStarted) {
                    stopping = true; // nothing was measured: no window after
                    notifyAll();
                }
                while (!done) {
                    waitNanos(IDLE_STEP.toNanos());
                }
            }
        } else {
            phaseEnded();
            GpuProbe p = probeIfReadable();
            long ended;
            synchronized (this) {
                ended = lastEndedAt;
            }
            if (p != null && ended >= 0) {
                afterTheLastPhase(p, ended);
            } else if (p != null) {
                GpuSnapshot end = snapshot(p);
                synchronized (this) {
                    snapshots.add(end);
                }
            }
        }
        synchronized (this) {
            waitedNanos += System.nanoTime() - began;
            // A probe that cannot read says why first: that is the cause, whether or not CUDA named the GPU since.
            if (probe != null && probe.unavailable().isPresent()) {
                finished = GpuEvidence.unavailable(gpu, ownPid, probe.unavailable().get());
                return finished;
            }
            if (!identityChecked) {
                // Started before CUDA, which never named the GPU (or the reader never held its probe to it).
                finished = GpuEvidence.unavailable(gpu, ownPid, "CUDA did not say which GPU this run measured");
                return finished;
            }
            List<GpuSnapshot> byTime = snapshots.stream().sorted(Comparator.comparingLong(GpuSnapshot::nanos)).toList();
            // The reader and the caller read the clock before taking the lock: put the samples
            // back in time order, one per instant.
            List<LinkSample> read = samples.stream().sorted(Comparator.comparingLong(LinkSample::nanos))
                    .collect(Collectors.collectingAndThen(Collectors.toMap(LinkSample::nanos, x -> x, (a, b) -> a,
                            LinkedHashMap::new), m -> List.copyOf(m.values())));
            List<Phase> phases = marks.stream().map(m -> phase(m, byTime)).toList();
            Recording recording = new Recording(gpu, ownPid, Optional.empty(), phases, read,
                    read.isEmpty() ? Optional.ofNullable(samplesUnknown) : Optional.empty(), PERIOD, idleWindows);
            finished = new GpuEvidence(recording, Optional.of(byTime.getFirst()), Optional.of(byTime.getLast()),
                    rules.judge(recording), confidentialComputing, Optional.of(new GpuEvidence.ReadingCost(probe.calls(),
                            millis(readyAfterNanos), millis(waitedNanos))));
            return finished;
        }
    }

    /**
     * The system's Confidential Computing state, read once when the probe opened (system-wide and
     * fixed while the machine runs). Waits for NVML's opening only, not for the first readings:
     * a plan that depends on it asks before measuring.
     */
    public synchronized Reading<ConfidentialComputingState> confidentialComputing() {
        long began = System.nanoTime();
        while (confidentialComputing == null && !stopping) {
            waitNanos(1_000_000);
        }
        waitedNanos += System.nanoTime() - began;
        return confidentialComputing != null ? confidentialComputing : Reading.unknown("the recorder was stopped");
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }

    /**
     * A marked phase with the snapshots that span it: the last read at or before its start, the
     * first read at or after its end (the run's first and last when none is).
     */
    private static Phase phase(Mark m, List<GpuSnapshot> byTime) {
        GpuSnapshot start = byTime.getFirst();
        GpuSnapshot end = byTime.getLast();
        for (GpuSnapshot s : byTime) {
            if (s.nanos() <= m.startNanos()) {
                start = s;
            }
        }
        for (GpuSnapshot s : byTime.reversed()) {
            if (s.nanos() >= m.endNanos()) {
                end = s;
            }
        }
        return new Phase(m.name(), m.startNanos(), m.endNanos(), start, end, m.ownBytes());
    }

    /**
     * Stops the reader and, for a recorder {@linkplain #start started} with its reader, closes the
     * probe (after the reader's last call: NVML is shut down once nothing reads it). A recorder
     * of readings the caller drives leaves the probe to its owner.
     */
    @Override
    public void close() {
        synchronized (this) {
            stopping = true;
            notifyAll();
        }
        reader.ifPresent(t -> {
            // The reader ends within one NVML call (~40 ms at most once open); waiting for it keeps
            // nvmlShutdown after its last call.
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            GpuProbe p;
            synchronized (this) {
                p = ready ? probe : null;
                if (p != null) {
                    probe = new UnavailableProbe("closed"); // a second close closes nothing
                }
            }
            if (p != null) {
                p.close();
            }
        });
    }
}
