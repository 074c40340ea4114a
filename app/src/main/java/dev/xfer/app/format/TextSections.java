package dev.xfer.app.format;

import java.util.List;

/**
 * Several text reports as one: one after another, a blank line between them. Every run over
 * several GPUs prints its GPUs' text outputs this way, whichever command measured them.
 */
public final class TextSections {
    private TextSections() {
    }

    /** The sections in order, each ending in a newline (one is added where it is missing), a blank line between. */
    public static String joined(List<String> sections) {
        return String.join("\n", sections.stream().map(s -> s.endsWith("\n") ? s : s + "\n").toList());
    }
}
