package dev.xfer.app.evidence;

import dev.xfer.app.result.Disturbance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One GPU's evidence at the end of a run: what was read, and the disturbances the rules found in
 * it. The document carries {@link #toJson()} as the device context's {@code evidence} and
 * {@link #disturbances()} on the device entry; the text output says {@link #line()}.
 *
 * @param first the snapshot at the run's start (before the first phase); empty when unavailable
 * @param last  the snapshot at the run's end
 */
public record GpuEvidence(Recording recording, Optional<GpuSnapshot> first, Optional<GpuSnapshot> last,
                          List<Disturbance> disturbances) {
    public GpuEvidence {
        disturbances = List.copyOf(disturbances);
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

    /** The device context's {@code evidence}: an object, or {@code "unavailable: <why>"}. */
    public Object toJson() {
        if (recording.unavailable().isPresent()) {
            return "unavailable: " + recording.unavailable().get();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ownPid", recording.ownPid());
        m.put("samplePeriodMs", recording.period().toMillis());
        m.put("start", first.map(GpuSnapshot::toJson).orElse(null));
        m.put("end", last.map(GpuSnapshot::toJson).orElse(null));
        m.put("phases", recording.phases().size());
        m.put("phasesWithOwnBytes", recording.phases().stream().filter(p -> p.ownBytes().isPresent()).count());
        m.put("linkTraffic", traffic());
        return m;
    }

    private Object traffic() {
        if (recording.samples().size() < 2) {
            return "unknown: " + recording.samplesUnknown().orElse("fewer than two link samples were read");
        }
        DisturbanceRules.Thresholds thresholds = DisturbanceRules.Thresholds.DEFAULT;
        double min = thresholds.minWindowMillis() / 1000.0;
        List<LinkTraffic.Window> windows = new ArrayList<>(LinkTraffic.phases(recording, min));
        windows.addAll(LinkTraffic.runs(recording, min));
        List<LinkTraffic.Window> idle = new ArrayList<>(LinkTraffic.idle(recording, min));
        idle.addAll(LinkTraffic.quiet(recording, thresholds.minIdleWindowMillis() / 1000.0));
        windows.addAll(idle);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("counter", recording.samples().getFirst().kind() == LinkSample.Kind.BYTES ? "bytes" : "throughput");
        m.put("samples", recording.samples().size());
        m.put("judgedWindows", windows.size());
        m.put("idleWindows", idle.size());
        m.put("peakForeignRxGBps", round(windows.stream().mapToDouble(LinkTraffic.Window::foreignRxGBps).max().orElse(0)));
        m.put("peakForeignTxGBps", round(windows.stream().mapToDouble(LinkTraffic.Window::foreignTxGBps).max().orElse(0)));
        // The recorder's own idle windows, judged or not: what the link carried while xfer moved nothing.
        List<Map<String, Object>> quiet = new ArrayList<>();
        for (LinkTraffic.Window w : LinkTraffic.quiet(recording, 0)) {
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("during", w.during());
            q.put("ms", Math.round(w.seconds() * 10000) / 10.0);
            q.put("rxGBps", round(w.foreignRxGBps()));
            q.put("txGBps", round(w.foreignTxGBps()));
            quiet.add(q);
        }
        m.put("idle", quiet);
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
