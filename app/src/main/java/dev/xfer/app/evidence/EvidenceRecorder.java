package dev.xfer.app.evidence;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Records one GPU's evidence through a run: a snapshot at the start and end of each measured
 * phase (the run loop calls {@link #phaseStarted} and {@link #phaseEnded} at its safe points,
 * outside any timed window), and link samples every {@link #PERIOD} on a thread of its own, so
 * measuring is not slowed: the sampler only reads counters.
 * <p>
 * xfer's own bytes: an engine reports what its copies moved in the phase through
 * {@link #moved} (the run loop forwards {@code Progress.moved}); a phase without a report has
 * {@code ownBytes} unknown and its link traffic is not judged, since it cannot be told from
 * xfer's own. Traffic while no phase is open is all foreign.
 * <p>
 * Phases are mostly far shorter than a judged window and most engines do not report their own
 * bytes, so the recorder also reads the link on purpose while xfer moves nothing on it: an
 * {@link IdleWindow} of {@link #IDLE_BEFORE} right after the GPU is opened (in {@link #start},
 * before the first configuration) and one of {@link #IDLE_AFTER} after the last configuration (in
 * {@link #finish}, {@link #SETTLE} after the last phase ended). Both lie outside every timed window. A probe that cannot read
 * (no NVML) takes neither: such a machine pays nothing.
 */
public final class EvidenceRecorder implements AutoCloseable {
    /** How often the link counters are read: fine enough for a 200 ms window to hold two samples. */
    public static final Duration PERIOD = Duration.ofMillis(100);
    /**
     * The idle window before the first configuration: one and a half sampler periods, read every
     * {@link #IDLE_STEP}. A process copying in a loop shows on the link all through it (its gaps
     * between copies are microseconds); at the 2 GB/s threshold it holds 300 MB, far above what
     * the byte counters resolve. With {@link #SETTLE} and {@link #IDLE_AFTER} the run pays at most
     * 0.3 s per GPU, cheap against a run's seconds (smoke --quick takes several).
     */
    public static final Duration IDLE_BEFORE = Duration.ofMillis(150);
    /** The idle window after the last configuration, shorter, since a run ends soon after. */
    public static final Duration IDLE_AFTER = Duration.ofMillis(100);
    /**
     * How long after the last configuration the after window starts: counters that trail the
     * copies (updated by the GPU a little later) must not put xfer's last bytes into it.
     */
    static final Duration SETTLE = Duration.ofMillis(50);
    /** How often the link is read inside an idle window: several samples, for rate counters too. */
    static final Duration IDLE_STEP = Duration.ofMillis(50);

    private final GpuProbe probe;
    private final String gpu;
    private final long ownPid;
    private final boolean memoryHealth;
    private final Optional<ScheduledExecutorService> sampler;
    private final List<LinkSample> samples = new ArrayList<>();
    private final List<Phase> phases = new ArrayList<>();
    private final List<IdleWindow> idleWindows = new ArrayList<>();
    /** The monotonic clock when the last phase ended (0 before any): where the after window starts. */
    private long lastPhaseEndedAt;
    private boolean anyPhaseEnded;
    private final GpuSnapshot first;
    private String samplesUnknown;

    private String phaseName;
    private long phaseStartNanos;
    private GpuSnapshot phaseStart;
    private Phase.OwnBytes phaseOwn;
    /** The thread that started the open phase; bytes reported from another make its own bytes unknown. */
    private Thread phaseThread;
    private boolean phaseOwnUnknown;
    private GpuEvidence finished;
    private final Reading<ConfidentialComputingState> confidentialComputing;

    /**
     * @param gpu          the GPU in plain words: {@code GPU 0}
     * @param memoryHealth whether snapshots read ECC, retired pages and remapped rows (smoke)
     * @param background   whether to sample on a thread every {@link #PERIOD}; tests sample by hand
     */
    public EvidenceRecorder(GpuProbe probe, String gpu, long ownPid, boolean memoryHealth, boolean background) {
        this.probe = probe;
        this.gpu = gpu;
        this.ownPid = ownPid;
        this.memoryHealth = memoryHealth;
        if (probe.unavailable().isPresent()) {
            this.first = null;
            this.confidentialComputing = Reading.unknown(probe.unavailable().get());
            this.sampler = Optional.empty();
            return;
        }
        this.first = snapshot();
        // System-wide and fixed while the machine runs: read once, at the start.
        this.confidentialComputing = probe.confidentialComputing();
        sample();
        if (background) {
            ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "xfer-evidence-" + gpu.replace(' ', '-'));
                t.setDaemon(true);
                return t;
            });
            s.scheduleAtFixedRate(this::sample, PERIOD.toNanos(), PERIOD.toNanos(), TimeUnit.NANOSECONDS);
            this.sampler = Optional.of(s);
        } else {
            this.sampler = Optional.empty();
        }
    }

    /**
     * A recorder for one GPU of this process, sampling in the background, which first reads the
     * link for {@link #IDLE_BEFORE} while xfer moves nothing (the caller has only opened the GPU).
     */
    public static EvidenceRecorder start(GpuProbe probe, String gpu, boolean memoryHealth) {
        EvidenceRecorder recorder = new EvidenceRecorder(probe, gpu, ProcessHandle.current().pid(), memoryHealth, true);
        recorder.idleWindow(IdleWindow.BEFORE, IDLE_BEFORE);
        return recorder;
    }

    /**
     * Reads the link every {@link #IDLE_STEP} for {@code length} while the caller moves nothing on
     * it, and keeps the stretch as an {@link IdleWindow}. Ends an open phase first. Nothing when the
     * probe cannot read.
     */
    public synchronized void idleWindow(String during, Duration length) {
        if (unavailable()) {
            return;
        }
        phaseEnded();
        long began = System.nanoTime();
        LinkSample first = sample();
        if (first == null) {
            return; // the counters cannot be read: no window to judge, and no time spent
        }
        idleFor(during, first, began, length);
    }

    /**
     * The idle window after the last configuration: xfer has moved nothing since the last phase
     * ended. Counters may trail the copies that ended it, so the window starts {@link #SETTLE} after
     * that end (or at once, when the run has spent that time already) and lasts {@link #IDLE_AFTER}.
     */
    private void afterTheLastPhase() {
        long wait = lastPhaseEndedAt + SETTLE.toNanos() - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(Duration.ofNanos(wait));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // the run is being stopped: no window
            }
        }
        long began = System.nanoTime();
        LinkSample first = sample();
        if (first != null) {
            idleFor(IdleWindow.AFTER, first, began, IDLE_AFTER);
        }
    }

    /** Samples from {@code began} until {@code length} has passed, and keeps the window from {@code first}. */
    private void idleFor(String during, LinkSample first, long began, Duration length) {
        LinkSample last = first;
        long until = began + length.toNanos();
        for (long now = System.nanoTime(); now < until; now = System.nanoTime()) {
            try {
                Thread.sleep(Duration.ofNanos(Math.min(IDLE_STEP.toNanos(), until - now)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break; // the run is being stopped: keep what was read
            }
            LinkSample s = sample();
            if (s != null) {
                last = s;
            }
        }
        if (last == first) {
            // Stopped before a reading (or none could be read since): one more ends the window.
            LinkSample s = sample();
            last = s != null ? s : first;
        }
        if (last.nanos() > first.nanos()) {
            idleWindows.add(new IdleWindow(during, first.nanos(), last.nanos()));
        }
    }

    /** Phase {@code name} starts now; one still open ends first. */
    public synchronized void phaseStarted(String name) {
        if (unavailable()) {
            return;
        }
        phaseEnded();
        LinkSample at = sample();
        phaseStart = snapshot();
        phaseName = name;
        phaseStartNanos = at != null ? at.nanos() : phaseStart.nanos();
        phaseOwn = null;
        phaseThread = Thread.currentThread();
        phaseOwnUnknown = false;
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
    public synchronized void phaseEnded() {
        if (unavailable() || phaseName == null) {
            return;
        }
        GpuSnapshot end = snapshot();
        LinkSample at = sample();
        phases.add(new Phase(phaseName, phaseStartNanos, at != null ? at.nanos() : end.nanos(), phaseStart, end,
                phaseOwnUnknown ? Optional.empty() : Optional.ofNullable(phaseOwn)));
        phaseName = null;
        lastPhaseEndedAt = System.nanoTime();
        anyPhaseEnded = true;
    }

    /** Reads the link counters once (the sampler's tick); the sample, or null when unreadable. */
    public LinkSample sample() {
        Reading<LinkSample> r;
        try {
            r = probe.linkSample();
        } catch (RuntimeException e) {
            r = Reading.unknown(String.valueOf(e.getMessage()));
        }
        synchronized (samples) {
            switch (r) {
                case Reading.Known<LinkSample> k -> {
                    samples.add(k.value());
                    return k.value();
                }
                case Reading.Unknown<LinkSample> u -> {
                    samplesUnknown = u.why();
                    return null;
                }
            }
        }
    }

    private GpuSnapshot snapshot() {
        try {
            return probe.snapshot(memoryHealth);
        } catch (RuntimeException e) {
            return GpuSnapshot.unknown(java.time.Instant.now(), System.nanoTime(), String.valueOf(e.getMessage()));
        }
    }

    private boolean unavailable() {
        return probe.unavailable().isPresent();
    }

    /** The system's Confidential Computing state, as read when the recorder started. */
    public Reading<ConfidentialComputingState> confidentialComputing() {
        return confidentialComputing;
    }

    /** Ends the open phase, stops sampling, and judges what was read. Once; later calls give the same. */
    public synchronized GpuEvidence finish(DisturbanceRules rules) {
        if (finished != null) {
            return finished;
        }
        if (unavailable()) {
            finished = GpuEvidence.unavailable(gpu, ownPid, probe.unavailable().get());
            return finished;
        }
        phaseEnded();
        if (anyPhaseEnded) {
            afterTheLastPhase();
        }
        stopSampling();
        GpuSnapshot last = snapshot();
        List<LinkSample> read;
        synchronized (samples) {
            // The sampler and the measuring thread read the clock before taking the lock: put
            // their samples back in time order, one per instant.
            read = samples.stream().sorted(java.util.Comparator.comparingLong(LinkSample::nanos))
                    .collect(java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toMap(
                            LinkSample::nanos, x -> x, (a, b) -> a, java.util.LinkedHashMap::new),
                            m -> List.copyOf(m.values())));
        }
        Recording recording = new Recording(gpu, ownPid, Optional.empty(), phases, read,
                read.isEmpty() ? Optional.ofNullable(samplesUnknown) : Optional.empty(), PERIOD, idleWindows);
        finished = new GpuEvidence(recording, Optional.of(first), Optional.of(last), rules.judge(recording),
                confidentialComputing);
        return finished;
    }

    private void stopSampling() {
        sampler.ifPresent(s -> {
            s.shutdownNow();
            try {
                s.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Stops the sampler; the probe is its owner's to close. */
    @Override
    public void close() {
        stopSampling();
    }
}
