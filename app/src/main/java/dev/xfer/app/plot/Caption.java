package dev.xfer.app.plot;

import dev.xfer.app.output.ContextDocument;

import java.util.ArrayList;
import java.util.List;

/**
 * The line under every chart saying what was measured where and when: device, bus id, host,
 * driver and runtime, start time, xfer version, as the document's context records them.
 */
public record Caption(String text) {

    /** From a document's {@code context}; blank fields are left out. */
    public static Caption of(ContextDocument context) {
        List<String> parts = new ArrayList<>();
        String name = text(context.device().name());
        if (name != null) {
            String bus = text(context.device().pciBusId());
            parts.add(name + (bus == null ? "" : " " + bus));
        }
        String host = text(context.host());
        if (host != null) {
            parts.add("host " + host);
        }
        String driver = text(context.driverVersion());
        String runtime = text(context.runtimeVersion());
        if (driver != null || runtime != null) {
            parts.add("CUDA driver " + (driver == null ? "?" : driver) + ", runtime " + (runtime == null ? "?" : runtime));
        }
        String started = text(context.started());
        if (started != null) {
            parts.add(started);
        }
        String xfer = text(context.xfer());
        if (xfer != null) {
            parts.add("xfer " + xfer);
        }
        return new Caption(String.join(" · ", parts));
    }

    private static String text(String s) {
        return s.isBlank() ? null : s;
    }

    void draw(Svg svg, double x, double y) {
        svg.textElement("text", text, "class", "caption", "x", x, "y", y, "font-size", 11, "fill", "#333");
    }
}
