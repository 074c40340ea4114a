package dev.xfer.app.doctor;

import dev.xfer.app.format.Json;
import dev.xfer.app.topo.TopoJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report's fields of the {@code doctor} document, as JSON values for {@link Json#write}. */
public final class DoctorJson {
    private DoctorJson() {
    }

    /** The document's fields after {@code schemaVersion}, {@code xfer} and {@code command}. */
    public static void fill(Map<String, Object> document, DoctorReport report) {
        document.put("cuda", TopoJson.cuda(report.cuda()));
        document.put("gpus", gpus(report));
        document.put("costsBandwidth", report.costsBandwidth());
        List<Object> findings = new ArrayList<>();
        int rank = 1;
        for (Finding finding : report.findings()) {
            findings.add(finding(rank++, finding));
        }
        document.put("findings", findings);
        List<Object> clear = new ArrayList<>();
        for (Diagnosis.Clear c : report.clear()) {
            Map<String, Object> m = head(c.cause(), c.scope());
            m.put("summary", c.summary());
            m.put("evidence", evidence(c.evidence()));
            clear.add(m);
        }
        document.put("clear", clear);
        List<Object> unknown = new ArrayList<>();
        for (Diagnosis.Unknown u : report.unknown()) {
            Map<String, Object> m = head(u.cause(), u.scope());
            m.put("why", u.why());
            unknown.add(m);
        }
        document.put("unknown", unknown);
    }

    static List<Object> gpus(DoctorReport report) {
        List<Object> gpus = new ArrayList<>();
        for (DoctorGpu gpu : report.gpus()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("index", gpu.index().isPresent() ? gpu.index().getAsInt() : null);
            m.put("name", gpu.name().orElse(null));
            m.put("busId", gpu.address().sysfsName());
            m.put("probeSeconds", gpu.probe().map(p -> (Object) p.seconds()).orElse(null));
            m.put("notProbed", gpu.probe().isPresent() ? null : gpu.notProbed());
            gpus.add(m);
        }
        return gpus;
    }

    static Map<String, Object> finding(int rank, Finding finding) {
        Map<String, Object> m = head(finding.cause(), finding.scope());
        m.put("rank", rank);
        m.put("severity", finding.severity().label());
        m.put("costsBandwidth", finding.severity().costsBandwidth());
        m.put("summary", finding.summary());
        m.put("evidence", evidence(finding.evidence()));
        m.put("cost", finding.cost().<Object>map(c -> Json.object("gigabytesPerSecond", c.gigabytesPerSecond(),
                "basis", c.basis())).orElse(null));
        m.put("timeCost", finding.timeCost().<Object>map(t -> Json.object("seconds", t.seconds(), "basis", t.basis(),
                "when", t.when())).orElse(null));
        m.put("remedy", finding.remedy());
        return m;
    }

    private static Map<String, Object> head(Cause cause, Scope scope) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cause", cause.id());
        m.put("title", cause.title());
        m.put("scope", scope.kind());
        m.put("subject", scope.label());
        m.put("gpu", scope.gpu().isPresent() ? scope.gpu().getAsInt() : null);
        return m;
    }

    private static List<Object> evidence(List<Evidence> evidence) {
        List<Object> list = new ArrayList<>();
        for (Evidence e : evidence) {
            list.add(Json.object("what", e.what(), "value", e.value(), "where", e.where()));
        }
        return list;
    }
}
