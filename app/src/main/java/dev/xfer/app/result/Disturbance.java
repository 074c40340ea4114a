package dev.xfer.app.result;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Something that overlapped a measurement and can explain its figure: the document's
 * {@code "disturbances": [{"kind", "detail", "evidence"}]} on a device entry. A GPU with one is
 * DISTURBED: its figures are kept and shown, but a gate does not judge them (exit 6: re-run).
 *
 * @param detail   in plain words, naming the figures ({@code pid 4711 (python) holds a context on GPU 0})
 * @param evidence the readings behind it, as the document carries them (numbers, strings, lists)
 */
public record Disturbance(Kind kind, String detail, Map<String, Object> evidence) {
    public Disturbance {
        evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    }

    public enum Kind {
        FOREIGN_LINK_TRAFFIC("foreign-link-traffic"),
        FOREIGN_PROCESS("foreign-process"),
        THROTTLE("throttle"),
        LINK_RETRAINED("link-retrained"),
        LINK_REPLAYS("link-replays");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The name documents, CSV, JUnit and OpenMetrics use. */
        public String label() {
            return label;
        }

        public static Optional<Kind> fromLabel(String label) {
            return Arrays.stream(values()).filter(k -> k.label.equals(label)).findFirst();
        }
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind.label());
        m.put("detail", detail);
        m.put("evidence", new LinkedHashMap<>(evidence));
        return m;
    }
}
