package dev.xfer.app.evidence;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.result.Disturbance;

import dev.xfer.app.format.OrUnavailable;
import dev.xfer.app.format.OrUnknown;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * One GPU's evidence at the end of a run: what was read, and the disturbances the rules found in
 * it. The document carries {@link #toJson()} as the device context's {@code evidence} and
 * {@link #disturbances()} on the device entry; the text output says {@link #line()}.
 *
 * @param first the snapshot at the run's start (before the first phase); empty when unavailable
 * @param last  the snapshot at the run's end
 */
public record GpuEvidence(Recording recording, Optional<GpuSnapshot> first, Optional<GpuSnapshot> last,
                          List<Disturbance> disturbances, Reading<ConfidentialComputingState> confidentialComputing,
                          Optional<ReadingCost> cost) {
    public GpuEvidence {
        disturbances = List.copyOf(disturbances);
    }

    /** Evidence whose Confidential Computing state was not read and whose reading cost was not counted. */
    public GpuEvidence(Recording recording, Optional<GpuSnapshot> first, Optional<GpuSnapshot> last,
                       List<Disturbance> disturbances) {
        this(recording, first, last, disturbances, Reading.unknown("not read"), Optional.empty());
    }

    /** Evidence whose reading cost was not counted (recorded readings). */
    public GpuEvidence(Recording recording, Optional<GpuSnapshot> first, Optional<GpuSnapshot> last,
                       List<Disturbance> disturbances, Reading<ConfidentialComputingState> confidentialComputing) {
        this(recording, first, last, disturbances, confidentialComputing, Optional.empty());
    }

    /**
     * What reading the evidence cost the run: each kind of NVML call, counted and timed, and how
     * long the run's own thread waited for the recorder. The document carries
     * it as {@code readingCost} when any NVML call was counted.
     *
     * @param probeReadyMs milliseconds from the recorder's start until its probe could read (NVML
     *                     opened, the device found, the first snapshot and link sample read), on the
     *                     recorder's own thread while the run created its context
     * @param runWaitedMs  milliseconds the measuring thread spent waiting for the evidence (for what
     *                     was left of the window after the last configuration)
     */
    public record ReadingCost(List<CallTimes.Call> nvmlCalls, double probeReadyMs, double runWaitedMs) {
        public ReadingCost {
            nvmlCalls = List.copyOf(nvmlCalls);
        }
    }

    public static GpuEvidence unavailable(String gpu, long ownPid, String why) {
        return new GpuEvidence(Recording.unavailable(gpu, ownPid, why, EvidenceRecorder.PERIOD), Optional.empty(),
                Optional.empty(), List.of());
    }

    public boolean disturbed() {
        return !disturbances.isEmpty();
    }

    /** {@code GPU 0 disturbed: pid 4711 (python) holds a context; ...}; empty when nothing is off. */
    public Optional<String> line() {
        if (disturbances.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(line(recording.gpu(), disturbances));
    }

    /** The text line for {@code disturbances} of {@code gpu} (also for ones read back from a document). */
    public static String line(String gpu, List<Disturbance> disturbances) {
        List<String> details = new ArrayList<>();
        for (Disturbance d : disturbances) {
            // The GPU is named once at the start of the line.
            details.add(d.detail().replace(" on " + gpu, "").replace(gpu + " ", ""));
        }
        return gpu + " disturbed: " + String.join("; ", details);
    }

    /**
     * The device context's {@code evidence}: a {@link Document}, or {@code "unavailable: <why>"} when
     * the probe could read nothing.
     */
    public OrUnavailable<Document> toJson() {
        if (recording.unavailable().isPresent()) {
            return OrUnavailable.unavailable(recording.unavailable().get());
        }
        return OrUnavailable.of(new Document(recording.ownPid(), recording.period().toMillis(), first.map(GpuSnapshot::document),
                last.map(GpuSnapshot::document), recording.phases().size(),
                recording.phases().stream().filter(p -> p.ownBytes().isPresent()).count(), traffic(),
                Optional.of(confidentialComputing.document(ConfidentialComputingState::document)),
                cost.filter(c -> !c.nvmlCalls().isEmpty())));
    }

    /**
     * What the probe read through the run, as the device context's {@code evidence} carries it.
     *
     * @param start null in the document when the first snapshot could not be taken
     * @param phasesWithOwnBytes phases whose engine reported its bytes: only their traffic is judged
     * @param confidentialComputing the system's CC state ({@code unknown: <why>} where NVML could not
     *                   say); absent in documents written before xfer read it
     * @param readingCost what reading the evidence cost; the key is left out where no NVML call was
     *                    counted (documents written before xfer counted them, recorded readings)
     */
    public record Document(long ownPid, long samplePeriodMs, @JsonInclude(ALWAYS) Optional<GpuSnapshot.Document> start,
                           @JsonInclude(ALWAYS) Optional<GpuSnapshot.Document> end, int phases, long phasesWithOwnBytes,
                           OrUnknown<LinkTrafficDocument> linkTraffic,
                           Optional<OrUnknown<ConfidentialComputingState.Document>> confidentialComputing,
                           Optional<ReadingCost> readingCost) {
    }

    /**
     * The link counters over the run.
     *
     * @param counter {@code bytes} or {@code throughput}
     * @param idle    the recorder's own idle windows, judged or not: what the link carried while
     *                xfer moved nothing
     */
    public record LinkTrafficDocument(String counter, int samples, int judgedWindows, int idleWindows,
                                      double peakForeignRxGBps, double peakForeignTxGBps, List<IdleWindowDocument> idle) {
    }

    public record IdleWindowDocument(String during, double ms, double rxGBps, double txGBps) {
    }

    private OrUnknown<LinkTrafficDocument> traffic() {
        if (recording.samples().size() < 2) {
            return OrUnknown.unknown(recording.samplesUnknown().orElse("fewer than two link samples were read"));
        }
        DisturbanceRules.Thresholds thresholds = DisturbanceRules.Thresholds.DEFAULT;
        double min = thresholds.minWindowMillis() / 1000.0;
        List<LinkTraffic.Window> windows = new ArrayList<>(LinkTraffic.phases(recording, min));
        windows.addAll(LinkTraffic.runs(recording, min));
        List<LinkTraffic.Window> idle = new ArrayList<>(LinkTraffic.idle(recording, min));
        idle.addAll(LinkTraffic.quiet(recording, thresholds.minIdleWindowMillis() / 1000.0));
        windows.addAll(idle);
        List<IdleWindowDocument> quiet = LinkTraffic.quiet(recording, 0).stream()
                .map(w -> new IdleWindowDocument(w.during(), Math.round(w.seconds() * 10000) / 10.0,
                        round(w.foreignRxGBps()), round(w.foreignTxGBps())))
                .toList();
        return OrUnknown.of(new LinkTrafficDocument(
                recording.samples().getFirst().kind() == LinkSample.Kind.BYTES ? "bytes" : "throughput",
                recording.samples().size(), windows.size(), idle.size(),
                round(windows.stream().mapToDouble(LinkTraffic.Window::foreignRxGBps).max().orElse(0)),
                round(windows.stream().mapToDouble(LinkTraffic.Window::foreignTxGBps).max().orElse(0)), quiet));
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
